import type { CellResult, EvalRun, EvalTarget } from '@shared/eval/run/eval-run-types'
import type { EvalRunSummary, TestSetSummary } from '@shared/ipc/eval-schemas'
import type { WorkbenchDraft } from '@renderer/features/workbench/workbench-set'

/** The run the grid shows: live (progress events) or re-opened from a saved file. */
export type WorkbenchRun = {
  id: string
  setName: string
  status: 'running' | 'stopped' | 'finished' | 'failed'
  targets: EvalTarget[]
  caseIds: string[]
  cells: Record<string, CellResult>
  done: number
  total: number
  passed: number
  failed: number
  etaMs?: number
  error?: string
  /**
   * Picked up again after a reload while main ran it: events sent before that were not seen, so the
   * grid is read whole from the saved run when it ends.
   */
  reattached?: boolean
}

export type WorkbenchState = {
  workbenchOpen: boolean
  wbDraft: WorkbenchDraft
  /** The saved set file the draft came from (saving again replaces it). */
  wbSetId?: string
  wbTargets: EvalTarget[]
  /** The user (or the defaults) chose targets: removing the last one does not bring the defaults back. */
  wbTargetsChosen: boolean
  wbConcurrency: number
  /** The target rubric graders send their grading request to; the first target when unset or removed. */
  wbGraderTargetId?: string
  wbRun: WorkbenchRun | null
  /** A saved run to compare the shown run with (regressions highlighted). */
  wbPrevious: EvalRun | null
  wbSavedRuns: EvalRunSummary[]
  wbSavedSets: TestSetSummary[]
  wbError?: string
}

export const initialWorkbenchState: WorkbenchState = {
  workbenchOpen: false,
  wbDraft: { name: 'untitled', system: '', user: '', params: {}, graders: [], cases: [] },
  wbTargets: [],
  wbTargetsChosen: false,
  wbConcurrency: 4,
  wbRun: null,
  wbPrevious: null,
  wbSavedRuns: [],
  wbSavedSets: [],
}

/** A failed workbench action: its message is shown above the workbench until the next one. */
export function workbenchError(error: unknown): Pick<WorkbenchState, 'wbError'> {
  return { wbError: (error as Error).message }
}
