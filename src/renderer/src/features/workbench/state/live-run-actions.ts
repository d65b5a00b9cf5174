import { cellKey } from '@shared/eval/run/eval-run-types'
import type { CellReview } from '@shared/eval/run/cell-review'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { runFromSaved } from './saved-actions'
import { workbenchError } from './workbench-state'

/** The run main holds: picked up again after a reload, and its cells reviewed by hand. */
export type LiveRunActions = {
  /** Shows the run main is still running (after a reload), if there is one and nothing else is shown. */
  reattachEvaluation(): Promise<void>
  /** A person's pass/fail with a comment on a cell of the shown run (null takes it back). */
  reviewCell(caseId: string, targetId: string, review: CellReview | null): Promise<void>
}

export const createLiveRunActions: Slice<LiveRunActions> = (set, get) => {
  const fail = (error: unknown): void => set(workbenchError(error))
  return {
    async reattachEvaluation() {
      try {
        const active = await invoke('eval:active', undefined)
        if (active === null) return
        set((state) =>
          state.wbRun === null || state.wbRun.id === active.id
            ? { wbRun: { ...runFromSaved(active), status: 'running', reattached: true } }
            : {},
        )
      } catch (error) {
        fail(error)
      }
    },
    async reviewCell(caseId, targetId, review) {
      const run = get().wbRun
      if (run === null) return
      try {
        await invoke('eval:review', { runId: run.id, caseId, targetId, review })
      } catch (error) {
        fail(error)
        return
      }
      set((state) => {
        const key = cellKey(caseId, targetId)
        const cell = state.wbRun?.id === run.id ? state.wbRun.cells[key] : undefined
        if (state.wbRun === null || cell === undefined) return {}
        const { review: _old, ...rest } = cell
        const next = review === null ? rest : { ...rest, review }
        return { wbRun: { ...state.wbRun, cells: { ...state.wbRun.cells, [key]: next } } }
      })
    },
  }
}
