import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import { formatInterval, formatPercent } from '@shared/eval/charts/chart-format'
import { pointsAgainstPassRate, type PointsAgainstPassRate } from '@shared/eval/charts/points-chart'
import type { RunCells } from '@shared/eval/charts/run-cells'
import { seriesColor, type ChartColors } from '@renderer/features/charts/chart-colors'
import { ChartFigure, ChartTable } from '@renderer/features/charts/ChartFigure'
import {
  drawWhisker,
  hiddenSeries,
  percentValues,
  ratio,
  themedAxes,
} from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'
import { formatPoints, formatPointsNumber } from '@shared/catalog/format-points'

const HEIGHT = 220

/** uPlot wants an ascending x: the targets with points, cheapest first; their target index rides along. */
function toData(entries: readonly PointsAgainstPassRate[]): uPlot.AlignedData {
  const placed = entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.points !== undefined)
    .sort((a, b) => (a.entry.points?.value ?? 0) - (b.entry.points?.value ?? 0))
  return [
    placed.map(({ entry }) => entry.points?.value ?? 0),
    placed.map(({ entry }) => entry.passRate.rate),
    placed.map(({ entry }) => entry.passRate.low),
    placed.map(({ entry }) => entry.passRate.high),
    placed.map(({ index }) => index),
    placed.map(({ entry }) => (entry.onFrontier ? 1 : 0)),
  ]
}

/** The frontier as a dashed line, then each target's pass rate as a dot on its 95% interval's whisker. */
function drawFrontierAndTargets(u: uPlot, colors: ChartColors): void {
  const [xs, rate, low, high, target, frontier] = u.data
  const ctx = u.ctx
  ctx.save()
  ctx.strokeStyle = colors.muted
  ctx.setLineDash([6 * ratio(), 4 * ratio()])
  ctx.lineWidth = 1.5 * ratio()
  ctx.beginPath()
  xs.forEach((x, i) => {
    if (frontier?.[i] !== 1) return
    ctx.lineTo(u.valToPos(x, 'x', true), u.valToPos(rate?.[i] ?? 0, 'y', true))
  })
  ctx.stroke()
  ctx.restore()
  xs.forEach((x, i) => {
    const px = u.valToPos(x, 'x', true)
    drawWhisker(u, px, low?.[i] ?? 0, high?.[i] ?? 0, colors.faint)
    ctx.fillStyle = seriesColor(colors, target?.[i] ?? 0)
    ctx.beginPath()
    ctx.arc(px, u.valToPos(rate?.[i] ?? 0, 'y', true), 6 * ratio(), 0, 2 * Math.PI)
    ctx.fill()
  })
}

/** Points spent against pass rate per target; the dashed line joins the targets no other one beats. */
export function PointsChart({ run }: { run: RunCells }): React.JSX.Element {
  const entries = useMemo(() => pointsAgainstPassRate(run), [run])
  const data = useMemo(() => toData(entries), [entries])
  const options = useCallback<BuildOptions>(
    (_lib, colors) => ({
      scales: {
        x: { time: false, range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] },
        y: { range: [0, 1] },
      },
      axes: themedAxes(
        colors,
        { label: 'points spent', values: (_u, splits) => splits.map(formatPointsNumber) },
        { values: percentValues, label: 'pass rate' },
      ),
      series: [{}, ...['pass rate', 'low', 'high', 'target', 'frontier'].map(hiddenSeries)],
      legend: { show: false },
      cursor: { show: false },
      hooks: {
        draw: [(u: uPlot) => drawFrontierAndTargets(u, colors)],
      },
    }),
    [],
  )
  const noPoints = entries.every((entry) => entry.points === undefined)
  return (
    <ChartFigure
      title="Points against pass rate (cost/quality frontier)"
      chart={
        <UPlotChart
          label="Points spent against pass rate, one dot per target"
          height={HEIGHT}
          options={options}
          data={data}
        />
      }
      note={
        noPoints
          ? 'No target reported usage, so no points were counted.'
          : 'Dashed: the frontier, the targets no other one beats on both.'
      }
      table={
        <ChartTable
          label="Points against pass rate"
          head={['Target', 'Points', 'Pass rate', '95% interval', 'On the frontier', 'Cells without points']}
          rows={entries.map((entry, index) => [
            `T${index + 1} ${entry.name}`,
            entry.points === undefined ? '–' : formatPoints(entry.points.exact),
            formatPercent(entry.passRate.rate),
            formatInterval(entry.passRate),
            entry.onFrontier ? 'yes' : 'no',
            String(entry.cellsWithoutPoints),
          ])}
        />
      }
    />
  )
}
