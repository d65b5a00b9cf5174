import { cellKey, type EvalTarget } from '@shared/eval/run/eval-run-types'
import type { TestSet } from '@shared/eval/test-set-schema'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { draftToSet } from '@renderer/features/workbench/workbench-set'
import { workbenchError, type WorkbenchRun, type WorkbenchState } from './workbench-state'

/** An evaluation run of the draft: start, stop, resume, and the progress main streams back. */
export type EvaluationActions = {
  startEvaluation(): Promise<void>
  stopEvaluation(): Promise<void>
  resumeEvaluation(): Promise<void>
  applyEvalProgress(events: EvalProgressEvent[]): void
}

/** The chosen grading target while it is still a column; else the first (main's default too). */
function graderTarget(state: Pick<WorkbenchState, 'wbTargets' | 'wbGraderTargetId'>): EvalTarget | undefined {
  return state.wbTargets.find((t) => t.id === state.wbGraderTargetId) ?? state.wbTargets[0]
}

/** The grid of a run just started: every cell still to come. */
function emptyRun(runId: string, evalSet: TestSet, targets: EvalTarget[]): WorkbenchRun {
  return {
    id: runId,
    setName: evalSet.name,
    status: 'running',
    targets,
    caseIds: evalSet.cases.map((c) => c.id),
    cells: {},
    done: 0,
    total: evalSet.cases.length * targets.length,
    passed: 0,
    failed: 0,
  }
}

/** Progress events held while `eval:start` is in flight (bounded: a start answers within a few frames). */
const EARLY_EVENTS_CAP = 1_000

export const createEvaluationActions: Slice<EvaluationActions> = (set, get) => {
  const fail = (error: unknown): void => set(workbenchError(error))
  // In browser mode events and the start's answer travel on different connections, so a run's first
  // cells can arrive before the renderer knows its id: they wait here instead of being dropped.
  let starting = false
  let early: EvalProgressEvent[] = []

  /** Starts the draft against the targets, or resumes a stopped run (`resumeRunId`) where it stopped. */
  async function start(resumeRunId?: string): Promise<void> {
    const { wbDraft, wbTargets, wbConcurrency } = get()
    const evalSet = draftToSet(wbDraft)
    const grader = graderTarget(get())
    set({ wbError: undefined })
    starting = true
    early = []
    try {
      const { runId } = await invoke('eval:start', {
        set: evalSet,
        targets: wbTargets,
        concurrency: wbConcurrency,
        ...(resumeRunId === undefined ? {} : { resumeRunId }),
        ...(grader === undefined ? {} : { graderTarget: grader }),
      })
      set((state) => ({
        // A run of another set has nothing in common with the run compared before (issue 28, item 5).
        ...(resumeRunId === undefined && state.wbPrevious?.setName !== evalSet.name
          ? { wbPrevious: null }
          : {}),
        wbRun:
          resumeRunId !== undefined && state.wbRun?.id === runId
            ? { ...state.wbRun, status: 'running', error: undefined }
            : emptyRun(runId, evalSet, wbTargets),
      }))
      const held = early.filter((event) => event.runId === runId)
      if (held.length > 0) get().applyEvalProgress(held)
    } catch (error) {
      fail(error)
    } finally {
      starting = false
      early = []
    }
  }

  return {
    startEvaluation: () => start(),
    async stopEvaluation() {
      const run = get().wbRun
      if (run?.status !== 'running') return
      await invoke('eval:stop', { runId: run.id }).catch(fail)
    },
    async resumeEvaluation() {
      const run = get().wbRun
      if (run?.status === 'stopped') await start(run.id)
    },
    applyEvalProgress(events) {
      if (starting && early.length < EARLY_EVENTS_CAP) early.push(...events)
      set((state) => {
        const run = state.wbRun
        const next = run === null ? undefined : withProgress(run, events)
        return next === undefined ? {} : { wbRun: next }
      })
      const ended = events.filter((event) => event.status !== 'running')
      if (ended.length === 0) return
      void get().loadSavedRuns()
      const shown = get().wbRun
      if (shown?.reattached === true && ended.some((e) => e.runId === shown.id && e.status !== 'failed'))
        void get().openSavedRun(shown.id)
    },
  }
}

/** The shown run after its progress events (others' are ignored); undefined when none was its own. */
function withProgress(run: WorkbenchRun, events: readonly EvalProgressEvent[]): WorkbenchRun | undefined {
  const mine = events.filter((event) => event.runId === run.id)
  const last = mine.at(-1)
  if (last === undefined) return undefined
  const cells = { ...run.cells }
  for (const event of mine) for (const cell of event.cells) cells[cellKey(cell.caseId, cell.targetId)] = cell
  const next: WorkbenchRun = {
    ...run,
    cells,
    done: last.done,
    total: last.total,
    passed: last.passed,
    failed: last.failed,
    status: last.status,
  }
  if (last.etaMs === undefined) delete next.etaMs
  else next.etaMs = last.etaMs
  if (last.error !== undefined) next.error = last.error
  return next
}
