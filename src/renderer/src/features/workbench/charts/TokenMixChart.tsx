import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import type { RunCells } from '@shared/eval/charts/run-cells'
import { TOKEN_KINDS, tokenMix } from '@shared/eval/charts/token-mix-chart'
import { formatCount } from '@renderer/features/chat/format-reply'
import { useChartColors } from '@renderer/features/charts/chart-colors'
import { ChartFigure, ChartLegend, ChartTable } from '@renderer/features/charts/ChartFigure'
import { barBox, categoryX, hiddenSeries, themedAxes } from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'

const HEIGHT = 220

/** Tokens per target by kind, stacked: uncached input, cache read, reasoning, output. */
export function TokenMixChart({ run }: { run: RunCells }): React.JSX.Element {
  const mixes = useMemo(() => tokenMix(run), [run])
  const data = useMemo<uPlot.AlignedData>(
    () => [
      mixes.map((_, index) => index),
      ...TOKEN_KINDS.map((kind) => mixes.map((mix) => mix[kind.key])),
      // The stacks' tops, so the y scale fits them.
      mixes.map((mix) => TOKEN_KINDS.reduce((sum, kind) => sum + mix[kind.key], 0)),
    ],
    [mixes],
  )
  const count = mixes.length
  const colors = useChartColors()
  const options = useCallback<BuildOptions>(
    (_lib, theme) => {
      const x = categoryX(count)
      return {
        scales: { x: x.scale, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.05)] } },
        axes: themedAxes(theme, x.axis, { label: 'tokens', size: 56 }),
        series: [{}, ...TOKEN_KINDS.map((kind) => hiddenSeries(kind.label)), hiddenSeries('total')],
        legend: { show: false },
        cursor: { show: false },
        hooks: {
          draw: [
            (u: uPlot) => {
              for (let i = 0; i < count; i++) {
                let below = 0
                TOKEN_KINDS.forEach((kind, k) => {
                  const value = u.data[k + 1]?.[i] ?? 0
                  const box = barBox(u, i, below, below + value, 0.6)
                  u.ctx.fillStyle = theme.kinds[kind.key]
                  u.ctx.fillRect(box.x, box.y, box.width, box.height)
                  below += value
                })
              }
            },
          ],
        },
      }
    },
    [count],
  )
  return (
    <ChartFigure
      title="Token mix per target"
      chart={
        <UPlotChart
          label="Tokens per target by kind, stacked"
          height={HEIGHT}
          options={options}
          data={data}
        />
      }
      legend={
        <ChartLegend
          label="Kinds of token"
          items={TOKEN_KINDS.map((kind) => ({ name: kind.label, color: colors.kinds[kind.key] }))}
        />
      }
      note="Input counts what was not read from the cache, output what was not reasoning; kinds a provider does not report are zero."
      table={
        <ChartTable
          label="Token mix per target"
          head={['Target', ...TOKEN_KINDS.map((kind) => kind.label), 'Cells with usage']}
          rows={mixes.map((mix, index) => [
            `T${index + 1} ${mix.name}`,
            ...TOKEN_KINDS.map((kind) => formatCount(mix[kind.key])),
            String(mix.cellsWithUsage),
          ])}
        />
      }
    />
  )
}
