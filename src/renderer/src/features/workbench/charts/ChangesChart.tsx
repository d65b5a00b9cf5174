import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import { changesByTarget } from '@shared/eval/charts/changes-chart'
import type { RunCells } from '@shared/eval/charts/run-cells'
import type { EvalRun } from '@shared/eval/run/eval-run-types'
import { ChartFigure, ChartTable } from '@renderer/features/charts/ChartFigure'
import { barBox, categoryX, hiddenSeries, themedAxes } from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'

const HEIGHT = 220

/** Fixes (up, green) and regressions (down, red) per target against the compared run. */
export function ChangesChart({ previous, run }: { previous: EvalRun; run: RunCells }): React.JSX.Element {
  const changes = useMemo(() => changesByTarget(previous, run), [previous, run])
  const data = useMemo<uPlot.AlignedData>(
    () => [changes.map((_, index) => index), changes.map((c) => c.fixes), changes.map((c) => -c.regressions)],
    [changes],
  )
  const count = changes.length
  const options = useCallback<BuildOptions>(
    (_lib, colors) => {
      const x = categoryX(count)
      return {
        scales: {
          x: x.scale,
          y: {
            range: (_u, min, max) => {
              const top = Math.max(1, Math.abs(min), Math.abs(max))
              return [-top * 1.1, top * 1.1]
            },
          },
        },
        axes: themedAxes(colors, x.axis, {
          label: 'regressions ↓ · fixes ↑',
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(Math.abs(s)) : '')),
        }),
        series: [{}, hiddenSeries('fixes'), hiddenSeries('regressions')],
        legend: { show: false },
        cursor: { show: false },
        hooks: {
          draw: [
            (u: uPlot) => {
              const [, fixes, regressions] = u.data
              for (let i = 0; i < count; i++) {
                const up = barBox(u, i, 0, fixes?.[i] ?? 0, 0.6)
                u.ctx.fillStyle = colors.pass
                u.ctx.fillRect(up.x, up.y, up.width, up.height)
                const down = barBox(u, i, regressions?.[i] ?? 0, 0, 0.6)
                u.ctx.fillStyle = colors.fail
                u.ctx.fillRect(down.x, down.y, down.width, down.height)
              }
            },
          ],
        },
      }
    },
    [count],
  )
  const when = new Date(previous.startedAt).toLocaleTimeString()
  return (
    <ChartFigure
      title={`Regressions and fixes against the run of ${when}`}
      chart={
        <UPlotChart
          label="Fixes and regressions per target against the compared run"
          height={HEIGHT}
          options={options}
          data={data}
        />
      }
      table={
        <ChartTable
          label="Regressions and fixes per target"
          head={['Target', 'Fixes', 'Regressions']}
          rows={changes.map((c, index) => [
            `T${index + 1} ${c.name}`,
            String(c.fixes),
            String(c.regressions),
          ])}
        />
      }
    />
  )
}
