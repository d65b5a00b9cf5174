import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import { latencyDistributions, mergedEcdf, type LatencyField } from '@shared/eval/charts/latency-chart'
import type { RunCells } from '@shared/eval/charts/run-cells'
import { seriesColor } from '@renderer/features/charts/chart-colors'
import { ChartFigure, ChartTable } from '@renderer/features/charts/ChartFigure'
import { drawDot, drawGuide, percentValues, themedAxes } from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'
import { gridMs } from '@renderer/features/workbench/workbench-format'

const HEIGHT = 220
const TITLES: Record<LatencyField, string> = {
  ttftMs: 'Time to first token per target',
  totalMs: 'Total time per target',
}

/**
 * The distribution of a latency per target as an ECDF: at each time, the share of the target's cells
 * that were done by then. p50 and p95 are where a line crosses the dashed 50% and 95% guides (dots).
 */
export function LatencyChart({ run, field }: { run: RunCells; field: LatencyField }): React.JSX.Element {
  const targets = useMemo(() => latencyDistributions(run, field), [run, field])
  const data = useMemo<uPlot.AlignedData>(() => {
    const { x, y } = mergedEcdf(targets.map((t) => t.sorted))
    return [x, ...y]
  }, [targets])
  const names = targets.map((t, index) => `T${index + 1} ${t.name}`).join('\n')
  const marks = useMemo(() => targets.map((t) => [t.p50, t.p95] as const), [targets])
  const options = useCallback<BuildOptions<typeof marks>>(
    (lib, colors, overlay) => ({
      scales: { x: { time: false }, y: { range: [0, 1] } },
      axes: themedAxes(
        colors,
        { values: (_u, splits) => splits.map((ms) => gridMs(ms)), label: 'time' },
        { values: percentValues, label: 'cells done' },
      ),
      series: [
        { value: (_u, ms) => (ms == null ? '–' : gridMs(ms)) },
        ...names.split('\n').map((label, index) => ({
          label,
          stroke: seriesColor(colors, index),
          width: 2,
          paths: lib.paths.stepped?.({ align: 1 }),
          points: { show: false },
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : `${Math.round(v * 100)}%`),
        })),
      ],
      // The targets' legend above the charts names the colours.
      legend: { show: false },
      hooks: {
        draw: [
          (u: uPlot) => {
            drawGuide(u, 0.5, colors.muted)
            drawGuide(u, 0.95, colors.muted)
            overlay().forEach(([p50, p95], index) => {
              if (p50 !== undefined) drawDot(u, p50, 0.5, seriesColor(colors, index))
              if (p95 !== undefined) drawDot(u, p95, 0.95, seriesColor(colors, index))
            })
          },
        ],
      },
    }),
    [names],
  )
  return (
    <ChartFigure
      title={TITLES[field]}
      chart={
        <UPlotChart
          label={`${TITLES[field]}: share of cells done over time, p50 and p95 marked`}
          height={HEIGHT}
          options={options}
          data={data}
          overlay={marks}
        />
      }
      note="Dots: p50 and p95 of each target (where its line crosses the dashed 50% and 95% lines)."
      table={
        <ChartTable
          label={TITLES[field]}
          head={['Target', 'Cells', 'p50', 'p95', 'Fastest', 'Slowest']}
          rows={targets.map((t, index) => [
            `T${index + 1} ${t.name}`,
            String(t.sorted.length),
            gridMs(t.p50),
            gridMs(t.p95),
            gridMs(t.sorted[0]),
            gridMs(t.sorted.at(-1)),
          ])}
        />
      }
    />
  )
}
