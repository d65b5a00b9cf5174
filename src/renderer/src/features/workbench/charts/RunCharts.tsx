import { useMemo } from 'react'
import type { RunCells } from '@shared/eval/charts/run-cells'
import { targetName } from '@shared/eval/charts/target-name'
import { useAppStore } from '@renderer/store'
import { useThrottledValue } from '@renderer/components/use-throttled-value'
import { seriesColor, useChartColors } from '@renderer/features/charts/chart-colors'
import { ChartLegend } from '@renderer/features/charts/ChartFigure'
import { Disclosure } from '@renderer/components/Disclosure'
import { ChangesChart } from './ChangesChart'
import { LatencyChart } from './LatencyChart'
import { PassRateChart } from './PassRateChart'
import { PointsChart } from './PointsChart'
import { SetTrendChart, trendRuns } from './SetTrendChart'
import { TokenMixChart } from './TokenMixChart'
import { LIVE_FIGURES_MS } from '@renderer/features/workbench/workbench-format'

/**
 * The shown run in pictures: pass rates with intervals, latency distributions, points against pass
 * rate, regressions and fixes against the compared run, the token mix, and the set's trend across its
 * saved runs. Targets keep one colour and one short name (T1, T2…) in every chart.
 */
export function RunCharts(): React.JSX.Element | null {
  const live = useAppStore((state) => state.wbRun)
  const previous = useAppStore((state) => state.wbPrevious)
  const saved = useAppStore((state) => state.wbSavedRuns)
  const run = useThrottledValue(live, LIVE_FIGURES_MS, live?.status !== 'running')
  const colors = useChartColors()
  const cells = useMemo<RunCells | null>(
    () => (run ? { targets: run.targets, cells: Object.values(run.cells) } : null),
    [run],
  )
  const setName = run?.setName
  const trend = useMemo(() => (setName === undefined ? [] : trendRuns(saved, setName)), [saved, setName])
  const targetIds = useMemo(() => run?.targets.map((t) => t.id) ?? [], [run?.targets])
  if (run === null || cells === null) return null
  return (
    <section className="wb-section" aria-label="Charts">
      <Disclosure summary="Charts" defaultOpen className="wb-charts">
        <ChartLegend
          label="Targets"
          items={run.targets.map((target, index) => ({
            name: `T${index + 1} ${targetName(target)}`,
            color: seriesColor(colors, index),
          }))}
        />
        <div className="wb-chart-grid">
          <PassRateChart run={cells} />
          <LatencyChart run={cells} field="ttftMs" />
          <LatencyChart run={cells} field="totalMs" />
          <PointsChart run={cells} />
          {previous && <ChangesChart previous={previous} run={cells} />}
          <TokenMixChart run={cells} />
          {trend.length >= 2 && <SetTrendChart runs={trend} targetIds={targetIds} />}
        </div>
      </Disclosure>
    </section>
  )
}
