import { formatPoints } from '@shared/catalog/format-points'
import { graderVerdictLine } from '@shared/eval/graders/grader-result'
import { compareRuns } from '@shared/eval/run/compare-runs'
import type { EvalProgress, EvalRun, EvalTarget } from '@shared/eval/run/eval-run-types'
import { runTotals } from '@shared/eval/run/run-totals'

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

/**
 * The run's totals per target, its failed cells, and its regressions against `previous`, for stdout.
 * Points read rounded as everywhere a person reads them; `--json` keeps the exact figures.
 */
export function runSummary(run: EvalRun, previous: EvalRun | undefined): string {
  const lines: string[] = [`${run.setName}: ${run.status}`]
  for (const totals of runTotals(run)) {
    const rate = `${Math.round(totals.passRate * 100)}%`
    const p = (v: number | undefined) => (v === undefined ? '–' : `${Math.round(v)} ms`)
    lines.push(
      `  ${totals.targetId}: ${totals.passed}/${totals.cells} passed (${rate}), total p50 ${p(totals.p50TotalMs)} p95 ${p(totals.p95TotalMs)}, TTFT p50 ${p(totals.p50TtftMs)}, ${totals.reasoningTokens} reasoning tokens, ${totals.cacheReadTokens} cache-read tokens, ${formatPoints(totals.points)} points`,
    )
  }
  const failed = run.cells.filter((cell) => !cell.passed)
  if (failed.length > 0) {
    lines.push('Failed cells:')
    for (const cell of failed) {
      lines.push(
        `  ${cell.caseId} × ${cell.targetId}${cell.state === 'completed' ? '' : ` (${cell.state}: ${cell.error ?? ''})`}`,
      )
      for (const grader of cell.graders.filter((g) => !g.passed))
        lines.push(`    ${graderVerdictLine(grader)}`)
    }
  }
  if (previous !== undefined) {
    const comparison = compareRuns(previous, run)
    lines.push(
      `Compared with run ${previous.id}: ${comparison.regressions.length} regressions, ${comparison.fixes.length} fixes.`,
    )
    for (const r of comparison.regressions) lines.push(`  REGRESSION ${r.caseId} × ${r.targetId}`)
  }
  return `${lines.join('\n')}\n`
}
