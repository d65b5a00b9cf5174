import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import { formatPercent } from '@shared/eval/charts/chart-format'
import { setTrend, type TrendRun } from '@shared/eval/charts/set-trend-chart'
import type { EvalRunSummary } from '@shared/ipc/eval-schemas'
import { seriesColor } from '@renderer/features/charts/chart-colors'
import { ChartFigure, ChartTable } from '@renderer/features/charts/ChartFigure'
import { percentValues, themedAxes } from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'

const HEIGHT = 220

/** The saved runs of one set that carry per-target scores, as the trend reads them. */
export function trendRuns(runs: readonly EvalRunSummary[], setName: string): TrendRun[] {
  return runs.flatMap((run) =>
    run.setName === setName && run.targets !== undefined
      ? [{ id: run.id, startedAt: run.startedAt, targets: run.targets }]
      : [],
  )
}

/**
 * Pass rate per target across the saved runs of the shown run's set, oldest first. Colours follow
 * the shown run's targets; targets it no longer has take the next ones.
 */
export function SetTrendChart({
  runs,
  targetIds,
}: {
  runs: readonly TrendRun[]
  targetIds: readonly string[]
}): React.JSX.Element {
  const trend = useMemo(() => setTrend(runs), [runs])
  const data = useMemo<uPlot.AlignedData>(
    () => [
      trend.startedAt.map((ms) => ms / 1000),
      ...trend.targets.map((t) => t.points.map((p) => p?.rate ?? null)),
    ],
    [trend],
  )
  const colorIndex = useMemo(() => {
    const extra = trend.targets.filter((t) => !targetIds.includes(t.targetId))
    return trend.targets.map((t) => {
      const own = targetIds.indexOf(t.targetId)
      return own === -1 ? targetIds.length + extra.indexOf(t) : own
    })
  }, [trend, targetIds])
  const names = trend.targets.map((t, index) => `T${(colorIndex[index] ?? index) + 1} ${t.name}`).join('\n')
  const options = useCallback<BuildOptions>(
    (_lib, colors) => ({
      scales: { x: { time: true }, y: { range: [0, 1] } },
      axes: themedAxes(colors, {}, { values: percentValues, label: 'pass rate' }),
      series: [
        {},
        ...names.split('\n').map((label, index) => ({
          label,
          stroke: seriesColor(colors, colorIndex[index] ?? index),
          width: 2,
          spanGaps: true,
          points: { show: true, size: 7, fill: seriesColor(colors, colorIndex[index] ?? index) },
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : formatPercent(v)),
        })),
      ],
      // The targets' legend above the charts names the colours.
      legend: { show: false },
    }),
    [names, colorIndex],
  )
  return (
    <ChartFigure
      title={`Pass rate across the set's ${trend.startedAt.length} saved runs`}
      chart={
        <UPlotChart
          label="Pass rate per target across the set's saved runs over time"
          height={HEIGHT}
          options={options}
          data={data}
        />
      }
      table={
        <ChartTable
          label="Pass rate per target across saved runs"
          head={[
            'Run started',
            ...trend.targets.map((t, index) => `T${(colorIndex[index] ?? index) + 1} ${t.name}`),
          ]}
          rows={trend.startedAt.map((at, run) => [
            new Date(at).toLocaleString(),
            ...trend.targets.map((t) => {
              const p = t.points[run]
              return p == null ? '–' : `${formatPercent(p.rate)} (${p.passed}/${p.total})`
            }),
          ])}
        />
      }
    />
  )
}
