import { EvalInputError } from '../eval-input-error'
import { inputErrorFromZod } from '../eval-input-error'
import { compareRuns, type RunComparison } from './compare-runs'
import { evalRunSchema, type EvalRun } from './eval-run-types'
import { runTotals, type TargetTotals } from './run-totals'

const EVAL_RESULTS_FORMAT = 'model-gateway-eval-results'

/** The saved/exported run: the run itself plus its totals (and a comparison, when there was one). */
type EvalResultsFile = {
  format: typeof EVAL_RESULTS_FORMAT
  version: 1
  run: EvalRun
  totals: TargetTotals[]
  comparison?: RunComparison
}

export function runToJson(run: EvalRun, previous?: EvalRun): string {
  const file: EvalResultsFile = { format: EVAL_RESULTS_FORMAT, version: 1, run, totals: runTotals(run) }
  if (previous !== undefined) file.comparison = compareRuns(previous, run)
  return `${JSON.stringify(file, null, 2)}\n`
}

/** Re-opens an exported run (to compare with, or to resume). Totals are recomputed, not trusted. */
export function parseRunJson(text: string, source = 'results'): EvalRun {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new EvalInputError(
      `${source}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  const run =
    (data as { format?: unknown; run?: unknown } | null)?.format === EVAL_RESULTS_FORMAT
      ? (data as { run: unknown }).run
      : data
  const parsed = evalRunSchema.safeParse(run)
  if (!parsed.success) throw inputErrorFromZod(source, parsed.error)
  return parsed.data
}
