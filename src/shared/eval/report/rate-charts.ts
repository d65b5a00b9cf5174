import type { PassRateBar } from '../charts/pass-rate-chart'
import type { PointsAgainstPassRate } from '../charts/points-chart'
import type { SetTrend } from '../charts/set-trend-chart'
import type { ReportChart } from './report-figure'
import { formatInterval, formatPercent } from '../charts/chart-format'
import { formatTime } from './report-format'
import {
  bands,
  linearScale,
  niceMax,
  niceTicks,
  PLOT,
  svg,
  svgNumber as n,
  valueAxis,
  xTicks,
} from './svg-plot'
import { formatPoints, formatPointsNumber } from '../../catalog/format-points'

const BASE = PLOT.height - PLOT.bottom
const rateAxis = linearScale([0, 1], [BASE, PLOT.top])
const percentTicks = [0, 0.25, 0.5, 0.75, 1]
const tickPercent = (v: number) => `${Math.round(v * 100)}%`

/** A vertical error bar from low to high at x. */
function whisker(x: number, low: number, high: number, y = rateAxis, cls = 'whisker'): string {
  const [top, bottom] = [y(high), y(low)]
  return `<path class="${cls}" d="M${n(x)} ${n(bottom)}V${n(top)}M${n(x - 5)} ${n(top)}h10M${n(x - 5)} ${n(bottom)}h10"/>`
}

/** Pass rate per target (bars) with the 95% Wilson interval (whiskers); reviewed cells as a thin bar beside. */
export function passRateChart(bars: readonly PassRateBar[]): ReportChart {
  const band = bands(bars.length)
  const anyReviews = bars.some((bar) => bar.reviews.total > 0)
  const marks = bars.map((bar, index) => {
    const center = band.center(index)
    const width = anyReviews ? band.width * 0.62 : band.width
    const x = anyReviews ? center - band.width / 2 : center - width / 2
    const top = rateAxis(bar.graders.rate)
    let out = `<rect class="t${index % 8}" x="${n(x)}" y="${n(top)}" width="${n(width)}" height="${n(BASE - top)}"><title>${formatPercent(bar.graders.rate)}</title></rect>`
    out += whisker(x + width / 2, bar.graders.low, bar.graders.high)
    if (bar.reviews.total > 0) {
      const rx = x + width + band.width * 0.06
      const rw = band.width * 0.32
      const rtop = rateAxis(bar.reviews.rate)
      out += `<rect class="review" x="${n(rx)}" y="${n(rtop)}" width="${n(rw)}" height="${n(BASE - rtop)}"/>`
      out += whisker(rx + rw / 2, bar.reviews.low, bar.reviews.high)
    }
    return out
  })
  const body =
    valueAxis(rateAxis, percentTicks, tickPercent, { y: 'pass rate' }) +
    marks.join('') +
    xTicks(bars.map((_, index) => ({ at: band.center(index), label: `T${index + 1}` })))
  return {
    id: 'chart-pass-rate',
    title: 'Pass rate per target (95% Wilson interval)',
    svg: svg('Pass rate per target with 95% intervals', body),
    ...(anyReviews
      ? { note: 'Thin bars: the verdicts of people who reviewed cells, over the cells they reviewed.' }
      : {}),
    table: {
      head: [
        'Target',
        'Passed',
        'Pass rate',
        '95% interval',
        'Reviewed',
        'Passed by review',
        'Review 95%',
        'Review ≠ graders',
      ],
      rows: bars.map((bar, index) => [
        `T${index + 1} ${bar.name}`,
        `${bar.graders.passed}/${bar.graders.total}`,
        formatPercent(bar.graders.rate),
        formatInterval(bar.graders),
        String(bar.reviews.total),
        bar.reviews.total === 0 ? '–' : `${bar.reviews.passed}/${bar.reviews.total}`,
        bar.reviews.total === 0 ? '–' : formatInterval(bar.reviews),
        String(bar.disagreements),
      ]),
    },
  }
}

/** Points spent (x) against pass rate (y) per target; the frontier joins the targets nothing beats. */
export function pointsChart(entries: readonly PointsAgainstPassRate[]): ReportChart {
  const withPoints = entries.flatMap((entry, index) => (entry.points === undefined ? [] : [{ entry, index }]))
  const top = niceMax(Math.max(0, ...withPoints.map(({ entry }) => entry.points?.value ?? 0)) * 1.1, 0)
  const x = linearScale([0, top || 1], [PLOT.left + 10, PLOT.width - PLOT.right - 10])
  const frontier = withPoints
    .filter(({ entry }) => entry.onFrontier)
    .sort((a, b) => (a.entry.points?.value ?? 0) - (b.entry.points?.value ?? 0))
    .map(({ entry }) => `${n(x(entry.points?.value ?? 0))} ${n(rateAxis(entry.passRate.rate))}`)
  const dots = withPoints.map(({ entry, index }) => {
    const cx = x(entry.points?.value ?? 0)
    return (
      whisker(cx, entry.passRate.low, entry.passRate.high) +
      `<circle class="t${index % 8}" cx="${n(cx)}" cy="${n(rateAxis(entry.passRate.rate))}" r="6"><title>T${index + 1}</title></circle>`
    )
  })
  const body =
    valueAxis(rateAxis, percentTicks, tickPercent, { y: 'pass rate', x: 'points spent' }) +
    (frontier.length > 1 ? `<polyline class="frontier" points="${frontier.join(' ')}"/>` : '') +
    dots.join('') +
    xTicks(niceTicks(0, top || 1, 4).map((t) => ({ at: x(t), label: formatPointsNumber(t) })))
  return {
    id: 'chart-points',
    title: 'Points against pass rate per target (cost/quality frontier)',
    svg: svg('Points spent against pass rate per target', body),
    ...(withPoints.length === 0 ? { note: 'No target reported usage, so no points were counted.' } : {}),
    table: {
      head: ['Target', 'Points', 'Pass rate', '95% interval', 'On the frontier', 'Cells without points'],
      rows: entries.map((entry, index) => [
        `T${index + 1} ${entry.name}`,
        entry.points === undefined ? '–' : formatPoints(entry.points.exact),
        formatPercent(entry.passRate.rate),
        formatInterval(entry.passRate),
        entry.onFrontier ? 'yes' : 'no',
        String(entry.cellsWithoutPoints),
      ]),
    },
  }
}

/** Pass rate per target across the set's saved runs, oldest first (one point per run). */
export function trendChart(trend: SetTrend, targetIndex: (targetId: string) => number): ReportChart {
  const runs = trend.startedAt.length
  const x = linearScale([0, Math.max(1, runs - 1)], [PLOT.left + 16, PLOT.width - PLOT.right - 16])
  const lines = trend.targets.map((target) => {
    const cls = `t${targetIndex(target.targetId) % 8}`
    const points = target.points.flatMap((p, run) =>
      p === null ? [] : [`${n(x(run))} ${n(rateAxis(p.rate))}`],
    )
    const dots = points.map((p) => {
      const [cx, cy] = p.split(' ')
      return `<circle class="${cls}" cx="${cx}" cy="${cy}" r="3.5"/>`
    })
    return `<polyline class="line ${cls}" points="${points.join(' ')}"/>${dots.join('')}`
  })
  const step = Math.max(1, Math.ceil(runs / 6))
  const labels = trend.startedAt.flatMap((at, run) =>
    run % step === 0 ? [{ at: x(run), label: formatTime(at).slice(5, 16) }] : [],
  )
  return {
    id: 'chart-trend',
    title: `Pass rate per target across the set's ${runs} saved runs`,
    svg: svg(
      'Pass rate per target across saved runs',
      valueAxis(rateAxis, percentTicks, tickPercent, { y: 'pass rate' }) + lines.join('') + xTicks(labels),
    ),
    table: {
      head: ['Run started', ...trend.targets.map((t) => `T${targetIndex(t.targetId) + 1} ${t.name}`)],
      rows: trend.startedAt.map((at, run) => [
        formatTime(at),
        ...trend.targets.map((t) => {
          const p = t.points[run]
          return p === null || p === undefined ? '–' : `${formatPercent(p.rate)} (${p.passed}/${p.total})`
        }),
      ]),
    },
  }
}
