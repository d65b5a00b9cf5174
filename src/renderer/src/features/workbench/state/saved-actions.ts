import type { CellReview } from '@shared/eval/run/cell-review'
import { cellKey, type CellResult, type EvalRun } from '@shared/eval/run/eval-run-types'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { draftToSet, setToDraft } from '@renderer/features/workbench/workbench-set'
import { workbenchError, type WorkbenchRun } from './workbench-state'

/**
 * Runs and sets saved in main: list them, re-open one, compare with one, review a cell of one, save
 * the draft as one.
 */
export type SavedActions = {
  loadSavedRuns(): Promise<void>
  openSavedRun(id: string): Promise<void>
  comparePrevious(id: string | null): Promise<void>
  /** A person's verdict on a cell of the shown run (running or ended); null takes it back. */
  reviewCell(caseId: string, targetId: string, review: CellReview | null): Promise<void>
  loadSavedSets(): Promise<void>
  saveSet(): Promise<void>
  openSet(id: string): Promise<void>
}

export const createSavedActions: Slice<SavedActions> = (set, get) => {
  /** Runs `action`; a failure is shown as the workbench's error. */
  const attempt = async (action: () => Promise<void>): Promise<void> => {
    try {
      await action()
    } catch (error) {
      set(workbenchError(error))
    }
  }
  return {
    loadSavedRuns: () => attempt(async () => set({ wbSavedRuns: await invoke('eval:list-runs', undefined) })),
    openSavedRun: (id) =>
      attempt(async () => set({ wbRun: runFromSaved(await invoke('eval:get-run', { id })) })),
    async comparePrevious(id) {
      if (id === null) return set({ wbPrevious: null })
      await attempt(async () => set({ wbPrevious: await invoke('eval:get-run', { id }) }))
    },
    reviewCell: (caseId, targetId, review) =>
      attempt(async () => {
        const runId = get().wbRun?.id
        if (runId === undefined) return
        await invoke('eval:review', { runId, caseId, targetId, review })
        set((state) => {
          const key = cellKey(caseId, targetId)
          const cell = state.wbRun?.id === runId ? state.wbRun.cells[key] : undefined
          if (state.wbRun === null || cell === undefined) return {}
          const { review: _old, ...rest } = cell
          const next = review === null ? rest : { ...rest, review }
          return {
            wbRun: { ...state.wbRun, cells: { ...state.wbRun.cells, [key]: next } },
            wbError: undefined,
          }
        })
      }),
    loadSavedSets: () => attempt(async () => set({ wbSavedSets: await invoke('eval:list-sets', undefined) })),
    saveSet: () =>
      attempt(async () => {
        const { wbDraft, wbSetId } = get()
        const { id } = await invoke('eval:save-set', {
          set: draftToSet(wbDraft),
          ...(wbSetId === undefined ? {} : { id: wbSetId }),
        })
        set({ wbSetId: id, wbError: undefined })
        await get().loadSavedSets()
      }),
    openSet: (id) =>
      attempt(async () => {
        const loaded = await invoke('eval:get-set', { id })
        set({ wbDraft: setToDraft(loaded), wbSetId: id, wbError: undefined, wbPrevious: null })
      }),
  }
}

/** A saved run as the grid shows it: its cells by key, its counts from them. */
export function runFromSaved(run: EvalRun): WorkbenchRun {
  const cells: Record<string, CellResult> = {}
  for (const cell of run.cells) cells[cellKey(cell.caseId, cell.targetId)] = cell
  const passed = run.cells.filter((cell) => cell.passed).length
  return {
    id: run.id,
    setName: run.setName,
    status: run.status,
    targets: run.targets,
    caseIds: run.caseIds,
    cells,
    done: run.cells.length,
    total: run.caseIds.length * run.targets.length,
    passed,
    failed: run.cells.length - passed,
  }
}
