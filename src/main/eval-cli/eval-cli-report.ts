import { formatPoints } from '@shared/catalog/format-points'
import { graderVerdictLine } from '@shared/eval/graders/grader-result'
import { createComparison } from '@shared/eval/run/compare-runs'
import type {
  CellResult,
  EvalProgress,
  EvalRun,
  EvalRunHead,
  EvalTarget,
} from '@shared/eval/run/eval-run-types'
import { createTotalsAccumulator, type TargetTotals } from '@shared/eval/run/run-totals'

const seconds = (ms: number) => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`)

/** One line per finished cell, for stderr: `[done/total] pass|FAIL case × target time, ETA`. */
export function progressLine(progress: EvalProgress, targets: readonly EvalTarget[]): string | undefined {
  const cell = progress.cell
  if (cell === undefined) return undefined
  const target = targets.find((t) => t.id === cell.targetId)
  const mark = cell.passed ? 'pass' : 'FAIL'
  const timing = cell.totalMs === undefined ? '' : ` ${seconds(cell.totalMs)}`
  const eta =
    progress.etaMs === undefined || progress.done === progress.total ? '' : `, ETA ${seconds(progress.etaMs)}`
  return `[${progress.done}/${progress.total}] ${mark} ${cell.caseId} × ${target?.label ?? cell.targetId}${timing}${eta}\n`
}

export type RunSummary = {
  add(cell: CellResult): void
  text(status: EvalRun['status']): string
}

/**
 * The run's totals per target, its failed cells, and its regressions against `previous`, for stdout;
 * summed as the cells stream past (a run of any size is never held whole). Points read rounded as
 * everywhere a person reads them; `--json` keeps the exact figures.
 */
export function createRunSummary(
  head: Pick<EvalRunHead, 'setName' | 'targets'>,
  previous: EvalRun | undefined,
): RunSummary {
  const totals = createTotalsAccumulator(head.targets)
  const comparison = previous === undefined ? undefined : createComparison(previous)
  const failedLines: string[] = []
  return {
    add(cell) {
      totals.add(cell)
      comparison?.add(cell)
      if (cell.passed) return
      failedLines.push(
        `  ${cell.caseId} × ${cell.targetId}${cell.state === 'completed' ? '' : ` (${cell.state}: ${cell.error ?? ''})`}`,
      )
      for (const grader of cell.graders.filter((g) => !g.passed && g.skipped !== true))
        failedLines.push(`    ${graderVerdictLine(grader)}`)
    },
    text(status) {
      const lines = [`${head.setName}: ${status}`, ...totals.totals().map(totalsLine)]
      if (failedLines.length > 0) lines.push('Failed cells:', ...failedLines)
      if (previous !== undefined && comparison !== undefined) {
        const compared = comparison.comparison()
        lines.push(
          `Compared with run ${previous.id}: ${compared.regressions.length} regressions, ${compared.fixes.length} fixes.`,
        )
        for (const r of compared.regressions) lines.push(`  REGRESSION ${r.caseId} × ${r.targetId}`)
      }
      return `${lines.join('\n')}\n`
    },
  }
}

function totalsLine(totals: TargetTotals): string {
  const rate = `${Math.round(totals.passRate * 100)}%`
  const p = (v: number | undefined) => (v === undefined ? '–' : `${Math.round(v)} ms`)
  const reviewed =
    totals.reviewedPass + totals.reviewedFail === 0
      ? ''
      : `, reviewed ${totals.reviewedPass} pass / ${totals.reviewedFail} fail`
  return `  ${totals.targetId}: ${totals.passed}/${totals.cells} passed (${rate}), total p50 ${p(totals.p50TotalMs)} p95 ${p(totals.p95TotalMs)}, TTFT p50 ${p(totals.p50TtftMs)}, ${totals.reasoningTokens} reasoning tokens, ${totals.cacheReadTokens} cache-read tokens, ${formatPoints(totals.points)} points${reviewed}`
}

/** The summary of a run held whole (a merged run). */
export function runSummary(run: EvalRun, previous: EvalRun | undefined): string {
  const summary = createRunSummary(run, previous)
  for (const cell of run.cells) summary.add(cell)
  return summary.text(run.status)
}
