import path from 'node:path'
import {
  evalRunSchema,
  parseRunJson,
  runToJson,
  runToJunitXml,
  totalsForTarget,
  type CellReview,
  type EvalRun,
} from '@shared/eval'
import { targetName } from '@shared/eval/charts/target-name'
import { writeHtmlReport } from '@shared/eval/report'
import type { EvalRunSummary } from '@shared/ipc/eval-schemas'
import { UserFacingError } from '../user-facing-error'
import { createJsonDirectoryStore } from '../json-store'
import { fileSafe } from './file-safe-name'

export type EvalRunStore = {
  write(run: EvalRun): Promise<void>
  /** The saved run (throws `not_found`). */
  read(id: string): Promise<EvalRun>
  /** Every saved run's summary, newest first. */
  list(): Promise<EvalRunSummary[]>
  /**
   * A saved run as a file to hand out: JSON or the HTML report (compared with `previousRunId` if
   * given; the report also charts the set's saved runs), or JUnit XML.
   */
  export(input: {
    runId: string
    format: 'json' | 'junit' | 'html'
    previousRunId?: string
  }): Promise<{ fileName: string; text: string }>
  /** Sets (or, with null, takes back) a person's verdict on one cell of a saved run. */
  review(input: { runId: string; caseId: string; targetId: string; review: CellReview | null }): Promise<void>
}

function summarizeRun(run: EvalRun): EvalRunSummary {
  const summary: EvalRunSummary = {
    id: run.id,
    setName: run.setName,
    startedAt: run.startedAt,
    status: run.status,
    cells: run.cells.length,
    passed: run.cells.filter((cell) => cell.passed).length,
    total: run.caseIds.length * run.targets.length,
    targets: run.targets.map((target) => {
      const { passed, cells } = totalsForTarget(run, target.id)
      return { id: target.id, name: targetName(target), passed, cells }
    }),
  }
  if (run.finishedAt !== undefined) summary.finishedAt = run.finishedAt
  return summary
}

/** Evaluation runs saved as JSON files in `<userData>/eval-runs/`, so a run can be re-opened and compared. */
export async function openEvalRunStore(options: {
  userDataDir: string
  /** Larger run files are refused (the json-store's cap by default). */
  maxRunFileBytes?: number
}): Promise<EvalRunStore> {
  const runs = await createJsonDirectoryStore({
    dir: path.join(options.userDataDir, 'eval-runs'),
    schema: evalRunSchema,
    summarize: summarizeRun,
    ...(options.maxRunFileBytes === undefined ? {} : { maxFileBytes: options.maxRunFileBytes }),
  })
  async function read(id: string): Promise<EvalRun> {
    const run = await runs.read(id).catch(() => null)
    if (!run) throw new UserFacingError('not_found', `There is no saved run ${JSON.stringify(id)}.`)
    return run
  }
  return {
    write: (run) => runs.write(run.id, run),
    read,
    async list() {
      const list = await runs.summaries()
      return list.map((entry) => entry.summary).sort((a, b) => b.startedAt - a.startedAt)
    },
    async export(input) {
      const run = await read(input.runId)
      const base = `${fileSafe(run.setName)}-${run.id}`
      if (input.format === 'junit') return { fileName: `${base}.junit.xml`, text: runToJunitXml(run) }
      const previous = input.previousRunId === undefined ? undefined : await read(input.previousRunId)
      if (input.format === 'html') {
        const trend = (await runs.summaries()).flatMap(({ summary }) =>
          summary.setName === run.setName && summary.targets !== undefined
            ? [{ id: summary.id, startedAt: summary.startedAt, targets: summary.targets }]
            : [],
        )
        const options = previous === undefined ? { trend } : { trend, previous }
        return { fileName: `${base}.html`, text: writeHtmlReport(run, options) }
      }
      const text = runToJson(run, previous)
      parseRunJson(text) // what we hand out must read back
      return { fileName: `${base}.json`, text }
    },
    async review({ runId, caseId, targetId, review }) {
      const run = await read(runId)
      const cell = run.cells.find((c) => c.caseId === caseId && c.targetId === targetId)
      if (cell === undefined) throw new UserFacingError('not_found', 'That cell has no result to review yet.')
      if (review === null) delete cell.review
      else cell.review = review
      await runs.write(run.id, run)
    },
  }
}
