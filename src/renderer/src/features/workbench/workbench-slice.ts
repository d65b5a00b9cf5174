import type { GraderSpec } from '@shared/eval/grader-spec'
import { cellKey, type CellResult, type EvalRun, type EvalTarget } from '@shared/eval/run/eval-run-types'
import type { ParamPreset, TestCase } from '@shared/eval/test-set-schema'
import type { EvalProgressEvent, EvalRunSummary, TestSetSummary } from '@shared/ipc/eval-schemas'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { draftToSet, setToDraft, type WorkbenchDraft } from './workbench-set'

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
}

export type WorkbenchSlice = {
  workbenchOpen: boolean
  wbDraft: WorkbenchDraft
  /** The saved set file the draft came from (saving again replaces it). */
  wbSetId?: string
  wbTargets: EvalTarget[]
  /** The user (or the defaults) chose targets: removing the last one does not bring the defaults back. */
  wbTargetsChosen: boolean
  wbConcurrency: number
  wbRun: WorkbenchRun | null
  /** A saved run to compare the shown run with (regressions highlighted). */
  wbPrevious: EvalRun | null
  wbSavedRuns: EvalRunSummary[]
  wbSavedSets: TestSetSummary[]
  wbError?: string
  setWorkbenchOpen(open: boolean): void
  updateDraft(patch: Partial<WorkbenchDraft>): void
  setCases(cases: TestCase[]): void
  setSetGraders(graders: GraderSpec[]): void
  setTargets(targets: EvalTarget[]): void
  setTargetParams(targetId: string, params: ParamPreset | undefined): void
  /** Imports CSV or JSONL (by file name) replacing the cases; rejects with an EvalInputError naming the line. */
  importCasesText(text: string, fileName: string): Promise<void>
  startEvaluation(): Promise<void>
  stopEvaluation(): Promise<void>
  resumeEvaluation(): Promise<void>
  applyEvalProgress(events: EvalProgressEvent[]): void
  loadSavedRuns(): Promise<void>
  openSavedRun(id: string): Promise<void>
  comparePrevious(id: string | null): Promise<void>
  loadSavedSets(): Promise<void>
  saveSet(): Promise<void>
  /** A set file (JSON or YAML) from disk becomes the draft; rejects with an EvalInputError naming where. */
  openSetFile(text: string, fileName: string): Promise<void>
  setConcurrency(concurrency: number): void
  openSet(id: string): Promise<void>
}

const EMPTY_DRAFT: WorkbenchDraft = {
  name: 'untitled',
  system: '',
  user: '',
  params: {},
  graders: [],
  cases: [],
}

function runFromSaved(run: EvalRun): WorkbenchRun {
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

export const createWorkbenchSlice: Slice<WorkbenchSlice> = (set, get) => {
  const fail = (error: unknown): void => set({ wbError: (error as Error).message })

  async function start(resumeRunId?: string): Promise<void> {
    const { wbDraft, wbTargets, wbConcurrency } = get()
    const evalSet = draftToSet(wbDraft)
    set({ wbError: undefined })
    try {
      const { runId } = await invoke('eval:start', {
        set: evalSet,
        targets: wbTargets,
        concurrency: wbConcurrency,
        ...(resumeRunId === undefined ? {} : { resumeRunId }),
      })
      set((state) => ({
        wbRun:
          resumeRunId !== undefined && state.wbRun?.id === runId
            ? { ...state.wbRun, status: 'running', error: undefined }
            : {
                id: runId,
                setName: evalSet.name,
                status: 'running',
                targets: wbTargets,
                caseIds: evalSet.cases.map((c) => c.id),
                cells: {},
                done: 0,
                total: evalSet.cases.length * wbTargets.length,
                passed: 0,
                failed: 0,
              },
      }))
    } catch (error) {
      fail(error)
    }
  }

  return {
    workbenchOpen: false,
    wbDraft: EMPTY_DRAFT,
    wbTargets: [],
    wbTargetsChosen: false,
    wbConcurrency: 4,
    wbRun: null,
    wbPrevious: null,
    wbSavedRuns: [],
    wbSavedSets: [],
    setWorkbenchOpen: (workbenchOpen) => set({ workbenchOpen }),
    updateDraft: (patch) => set((state) => ({ wbDraft: { ...state.wbDraft, ...patch } })),
    setCases: (cases) => get().updateDraft({ cases }),
    setSetGraders: (graders) => get().updateDraft({ graders }),
    setTargets: (wbTargets) => set({ wbTargets, wbTargetsChosen: true }),
    setTargetParams: (targetId, params) =>
      set((state) => ({
        wbTargets: state.wbTargets.map((target) => {
          if (target.id !== targetId) return target
          const { params: _old, ...rest } = target
          return params === undefined || Object.keys(params).length === 0 ? rest : { ...rest, params }
        }),
      })),
    async importCasesText(text, fileName) {
      // CSV and YAML readers load with the first import, not with the app (performance.md R5).
      const { importCases } = await import('@shared/eval/import-cases')
      const { cases } = importCases(text, fileName)
      get().updateDraft({ cases })
    },
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
      set((state) => {
        const run = state.wbRun
        const mine = events.filter((event) => event.runId === run?.id)
        const last = mine.at(-1)
        if (run === null || last === undefined) return {}
        const cells = { ...run.cells }
        for (const event of mine)
          for (const cell of event.cells) cells[cellKey(cell.caseId, cell.targetId)] = cell
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
        return { wbRun: next }
      })
      if (events.some((event) => event.status !== 'running')) void get().loadSavedRuns()
    },
    async loadSavedRuns() {
      try {
        set({ wbSavedRuns: await invoke('eval:list-runs', undefined) })
      } catch (error) {
        fail(error)
      }
    },
    async openSavedRun(id) {
      try {
        set({ wbRun: runFromSaved(await invoke('eval:get-run', { id })) })
      } catch (error) {
        fail(error)
      }
    },
    async comparePrevious(id) {
      if (id === null) return set({ wbPrevious: null })
      try {
        set({ wbPrevious: await invoke('eval:get-run', { id }) })
      } catch (error) {
        fail(error)
      }
    },
    async loadSavedSets() {
      try {
        set({ wbSavedSets: await invoke('eval:list-sets', undefined) })
      } catch (error) {
        fail(error)
      }
    },
    async saveSet() {
      const { wbDraft, wbSetId } = get()
      try {
        const { id } = await invoke('eval:save-set', {
          set: draftToSet(wbDraft),
          ...(wbSetId === undefined ? {} : { id: wbSetId }),
        })
        set({ wbSetId: id, wbError: undefined })
        await get().loadSavedSets()
      } catch (error) {
        fail(error)
      }
    },
    async openSetFile(text, fileName) {
      const { parseTestSetFile } = await import('@shared/eval/test-set-file')
      set({ wbDraft: setToDraft(parseTestSetFile(text, fileName)), wbSetId: undefined, wbError: undefined })
    },
    setConcurrency: (concurrency) =>
      set({ wbConcurrency: Math.max(1, Math.min(16, Math.round(concurrency))) }),
    async openSet(id) {
      try {
        const loaded = await invoke('eval:get-set', { id })
        set({ wbDraft: setToDraft(loaded), wbSetId: id, wbError: undefined })
      } catch (error) {
        fail(error)
      }
    },
  }
}
