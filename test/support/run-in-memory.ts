import type { CellResult, EvalRun } from '@shared/eval/run/eval-run-types'
import { runEvaluation, type RunEvaluationOptions } from '@shared/eval/run/run-evaluation'

/**
 * The eval engine with its cells recorded into an array (main and the CLI record them to a journal),
 * as the whole run tests read. A resume's kept cells come first, as a journal holds them.
 */
export async function runInMemory(options: Omit<RunEvaluationOptions, 'record'>): Promise<EvalRun> {
  const cells: CellResult[] = [...(options.resume?.cells ?? [])] as CellResult[]
  const head = await runEvaluation({ ...options, record: (cell) => cells.push(cell) })
  return { ...head, cells }
}
