import type { EvalTarget, ParamPreset } from '@shared/eval'
import type { Slice } from '@renderer/store/slice'

/** The matrix's columns (targets, each with a parameter preset) and how many cells run at once. */
export type TargetActions = {
  setTargets(targets: EvalTarget[]): void
  setTargetParams(targetId: string, params: ParamPreset | undefined): void
  setConcurrency(concurrency: number): void
  setGraderTarget(targetId: string): void
}

export const createTargetActions: Slice<TargetActions> = (set) => ({
  setTargets: (wbTargets) => set({ wbTargets, wbTargetsChosen: true }),
  setTargetParams: (targetId, params) =>
    set((state) => ({
      wbTargets: state.wbTargets.map((target) => {
        if (target.id !== targetId) return target
        const { params: _old, ...rest } = target
        return params === undefined || Object.keys(params).length === 0 ? rest : { ...rest, params }
      }),
    })),
  setGraderTarget: (wbGraderTargetId) => set({ wbGraderTargetId }),
  setConcurrency: (concurrency) => set({ wbConcurrency: Math.max(1, Math.min(16, Math.round(concurrency))) }),
})
