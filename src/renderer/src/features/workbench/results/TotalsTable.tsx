import { useMemo } from 'react'
import { useAppStore } from '@renderer/store'
import { formatPoints } from '@shared/catalog/format-points'
import { formatCount } from '@renderer/features/chat/format-reply'
import { gridMs, gridRate, LIVE_FIGURES_MS } from '@renderer/features/workbench/workbench-format'
import { totalsOf } from '@renderer/features/workbench/workbench-selectors'
import { useThrottledValue } from '@renderer/components/use-throttled-value'

/** Per target: pass rate, p50/p95 total time and TTFT, mean tokens/s, reasoning and cache-read tokens, points. */
export function TotalsTable(): React.JSX.Element | null {
  const live = useAppStore((state) => state.wbRun)
  const run = useThrottledValue(live, LIVE_FIGURES_MS, live?.status !== 'running')
  const totals = useMemo(() => (run ? totalsOf(run) : []), [run])
  if (run === null) return null
  return (
    <table className="wb-table" aria-label="Totals per target">
      <thead>
        <tr>
          <th>Target</th>
          <th>Passed</th>
          <th>Pass rate</th>
          <th>p50 / p95 total</th>
          <th>p50 TTFT</th>
          <th>Mean speed</th>
          <th>Reasoning tokens</th>
          <th>Cache read</th>
          <th>Points</th>
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={t.targetId}>
            <td>{t.targetId}</td>
            <td>
              {t.passed}/{t.cells}
            </td>
            <td>{Math.round(t.passRate * 100)}%</td>
            <td>
              {gridMs(t.p50TotalMs)} / {gridMs(t.p95TotalMs)}
            </td>
            <td>{gridMs(t.p50TtftMs)}</td>
            <td>{gridRate(t.meanTokensPerSecond)}</td>
            <td>{formatCount(t.reasoningTokens)}</td>
            <td>{formatCount(t.cacheReadTokens)}</td>
            <td title={`${t.points} (exact)`}>{formatPoints(t.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
