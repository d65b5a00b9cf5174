import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { runFromSaved } from './saved-actions'
import { workbenchError } from './workbench-state'

/** The run main holds: picked up again after a reload. */
export type LiveRunActions = {
  /** Shows the run main is still running (after a reload), if there is one and nothing else is shown. */
  reattachEvaluation(): Promise<void>
}

export const createLiveRunActions: Slice<LiveRunActions> = (set) => {
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
  }
}
