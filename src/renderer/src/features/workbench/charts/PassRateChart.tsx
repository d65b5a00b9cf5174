import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import { passRateBars, type PassRateBar, type RateWithInterval } from '@shared/eval/charts/pass-rate-chart'
import type { RunCells } from '@shared/eval/charts/run-cells'
import { seriesColor } from '@renderer/features/charts/chart-colors'
import { ChartFigure, ChartTable } from '@renderer/features/charts/ChartFigure'
import {
  barBox,
  categoryX,
  drawWhisker,
  hiddenSeries,
  percentValues,
  themedAxes,
} from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'
import { formatInterval, formatPercent } from '@shared/eval/charts/chart-format'

const HEIGHT = 220

/** The bars' figures as uPlot data: x = target index, then rate, low, high for graders and for reviews. */
function toData(bars: readonly PassRateBar[]): uPlot.AlignedData {
  const pick = (f: (bar: PassRateBar) => number | null) => bars.map(f)
  const reviewed = (f: (r: RateWithInterval) => number) => (bar: PassRateBar) =>
    bar.reviews.total === 0 ? null : f(bar.reviews)
  return [
    bars.map((_, index) => index),
    pick((bar) => bar.graders.rate),
    pick((bar) => bar.graders.low),
    pick((bar) => bar.graders.high),
    pick(reviewed((r) => r.rate)),
    pick(reviewed((r) => r.low)),
    pick(reviewed((r) => r.high)),
  ]
}

/** Pass rate per target with its 95% Wilson interval; people's verdicts as a thin bar beside it. */
export function PassRateChart({ run }: { run: RunCells }): React.JSX.Element {
  const bars = useMemo(() => passRateBars(run), [run])
  const data = useMemo(() => toData(bars), [bars])
  const count = bars.length
  const options = useCallback<BuildOptions>(
    (_lib, colors) => {
      const x = categoryX(count)
      const draw = (u: uPlot): void => {
        const [, rate, low, high, rRate, rLow, rHigh] = u.data
        for (let i = 0; i < count; i++) {
          const reviewed = rRate?.[i] != null
          const box = barBox(u, i, 0, rate?.[i] ?? 0, reviewed ? 0.42 : 0.6, reviewed ? -0.12 : 0)
          u.ctx.fillStyle = seriesColor(colors, i)
          u.ctx.fillRect(box.x, box.y, box.width, box.height)
          drawWhisker(u, box.x + box.width / 2, low?.[i] ?? 0, high?.[i] ?? 0, colors.text)
          if (!reviewed) continue
          const review = barBox(u, i, 0, rRate?.[i] ?? 0, 0.16, 1.9)
          u.ctx.fillStyle = colors.muted
          u.ctx.fillRect(review.x, review.y, review.width, review.height)
          drawWhisker(u, review.x + review.width / 2, rLow?.[i] ?? 0, rHigh?.[i] ?? 0, colors.text)
        }
      }
      return {
        scales: { x: x.scale, y: { range: [0, 1] } },
        axes: themedAxes(colors, x.axis, { values: percentValues, label: 'pass rate' }),
        series: [
          {},
          ...['rate', 'low', 'high', 'reviewed', 'reviewed low', 'reviewed high'].map(hiddenSeries),
        ],
        legend: { show: false },
        cursor: { show: false },
        hooks: { draw: [draw] },
      }
    },
    [count],
  )
  const reviewed = bars.some((bar) => bar.reviews.total > 0)
  return (
    <ChartFigure
      title="Pass rate per target (95% interval)"
      chart={
        <UPlotChart
          label="Pass rate per target, bars with 95% Wilson intervals"
          height={HEIGHT}
          options={options}
          data={data}
        />
      }
      note={reviewed ? 'Thin grey bars: people’s verdicts over the cells they reviewed.' : undefined}
      table={
        <ChartTable
          label="Pass rate per target"
          head={[
            'Target',
            'Passed',
            'Pass rate',
            '95% interval',
            'Reviewed: passed',
            'Review 95%',
            'Review ≠ graders',
          ]}
          rows={bars.map((bar, index) => [
            `T${index + 1} ${bar.name}`,
            `${bar.graders.passed}/${bar.graders.total}`,
            formatPercent(bar.graders.rate),
            formatInterval(bar.graders),
            bar.reviews.total === 0 ? '–' : `${bar.reviews.passed}/${bar.reviews.total}`,
            bar.reviews.total === 0 ? '–' : formatInterval(bar.reviews),
            String(bar.disagreements),
          ])}
        />
      }
    />
  )
}
