import { EvalInputError } from '../eval-input-error'
import { inputErrorFromZod } from '../eval-input-error'
import { createComparison } from './compare-runs'
import { evalRunSchema, type CellResult, type EvalRun, type EvalRunHead } from './eval-run-types'
import { createTotalsAccumulator } from './run-totals'

export const EVAL_RESULTS_FORMAT = 'model-gateway-eval-results'

/** JSON.stringify(value, null, 2) for a value that sits `depth` spaces in. */
const nested = (value: unknown, depth: number): string =>
  JSON.stringify(value, null, 2).replace(/\n/g, `\n${' '.repeat(depth)}`)

type RunJsonPieces = {
  /** Everything before the first cell. */
  opening: string
  /** One cell, with the separator before it. */
  cell(cell: CellResult): string
  /** Everything after the last cell: the totals and the comparison of the cells given. */
  closing(): string
}

/**
 * The saved/exported run — `{ format, version: 1, run, totals, comparison? }`: the run itself, its
 * totals, and its comparison with an earlier run when there was one — in pieces, so a run of any
 * size can be written as its cells stream from disk:
 * `opening`, each `cell`, then `closing()` is exactly `JSON.stringify(file, null, 2)` of the file
 * holding those cells (the run's fields in the head's order, then `cells`). Totals and the comparison
 * are summed as the cells pass.
 */
export function runJsonPieces(head: EvalRunHead, previous?: Pick<EvalRun, 'cells'>): RunJsonPieces {
  const totals = createTotalsAccumulator(head.targets)
  const comparison = previous === undefined ? undefined : createComparison(previous)
  // The head's fields at the run's depth, its closing brace cut: `cells` comes last.
  const fields = nested(head, 2).replace(/\n {2}\}$/, '')
  let count = 0
  return {
    opening: `{\n  "format": ${JSON.stringify(EVAL_RESULTS_FORMAT)},\n  "version": 1,\n  "run": ${fields},\n    "cells": [`,
    cell(cell) {
      totals.add(cell)
      comparison?.add(cell)
      return `${count++ === 0 ? '' : ','}\n      ${nested(cell, 6)}`
    },
    closing() {
      const end = count === 0 ? ']' : '\n    ]'
      const compared =
        comparison === undefined ? '' : `,\n  "comparison": ${nested(comparison.comparison(), 2)}`
      return `${end}\n  },\n  "totals": ${nested(totals.totals(), 2)}${compared}\n}\n`
    },
  }
}

export function runToJson(run: EvalRun, previous?: EvalRun): string {
  const { cells, ...head } = run
  const pieces = runJsonPieces(head, previous)
  return pieces.opening + cells.map((cell) => pieces.cell(cell)).join('') + pieces.closing()
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
