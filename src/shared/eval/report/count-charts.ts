import type { TargetChanges } from '../charts/changes-chart'
import type { TargetLatency } from '../charts/latency-chart'
import { TOKEN_KINDS, type TokenMix } from '../charts/token-mix-chart'
import type { ReportChart } from './report-figure'
import { formatCount, formatMs } from './report-format'
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

const BASE = PLOT.height - PLOT.bottom
/** An ECDF line is drawn through at most this many quantiles: more steps than pixels add only bytes. */
const MAX_STEPS = 400

/** The stepped ECDF path of one sorted sample. */
function ecdfPath(sorted: readonly number[], x: (v: number) => number, y: (v: number) => number): string {
  const count = sorted.length
  const step = Math.max(1, Math.ceil(count / MAX_STEPS))
  let d = `M${n(x(sorted[0] ?? 0))} ${n(y(0))}`
  for (let rank = step; rank < count + step; rank += step) {
    const at = Math.min(rank, count)
    d += `V${n(y(at / count))}`
    const next = sorted[Math.min(at, count - 1)]
    if (at < count && next !== undefined) d += `H${n(x(next))}`
  }
  return d
}

/** The share of cells (y) done within a time (x), per target; p50 and p95 marked on each line. */
export function latencyChart(id: string, title: string, targets: readonly TargetLatency[]): ReportChart {
  const top = niceMax(Math.max(0, ...targets.map((t) => t.sorted.at(-1) ?? 0)), 1)
  const x = linearScale([0, top], [PLOT.left, PLOT.width - PLOT.right])
  const y = linearScale([0, 1], [BASE, PLOT.top])
  const guides = [0.5, 0.95]
    .map(
      (q) =>
        `<line class="guide" x1="${PLOT.left}" x2="${PLOT.width - PLOT.right}" y1="${n(y(q))}" y2="${n(y(q))}"/>`,
    )
    .join('')
  const lines = targets.map((target, index) => {
    if (target.sorted.length === 0) return ''
    const cls = `t${index % 8}`
    const marks = (
      [
        [target.p50, 0.5],
        [target.p95, 0.95],
      ] as const
    )
      .flatMap(([value, q]) =>
        value === undefined ? [] : [`<circle class="${cls}" cx="${n(x(value))}" cy="${n(y(q))}" r="4"/>`],
      )
      .join('')
    return `<path class="line ${cls}" d="${ecdfPath(target.sorted, x, y)}"/>${marks}`
  })
  const body =
    valueAxis(y, [0, 0.25, 0.5, 0.75, 1], (v) => `${Math.round(v * 100)}%`, {
      y: 'share of cells',
      x: 'time',
    }) +
    guides +
    lines.join('') +
    xTicks(niceTicks(0, top, 5).map((t) => ({ at: x(t), label: formatMs(t) })))
  return {
    id,
    title,
    svg: svg(title, body),
    note: 'Each line rises to 100% as its cells finish; dots mark p50 and p95 (dashed lines at 50% and 95%).',
    table: {
      head: ['Target', 'Cells', 'p50', 'p95', 'Fastest', 'Slowest'],
      rows: targets.map((t, index) => [
        `T${index + 1} ${t.name}`,
        String(t.sorted.length),
        formatMs(t.p50),
        formatMs(t.p95),
        formatMs(t.sorted[0]),
        formatMs(t.sorted.at(-1)),
      ]),
    },
  }
}

/** Fixes (up) and regressions (down) per target against the compared run. */
export function changesChart(changes: readonly TargetChanges[], comparedAt: string): ReportChart {
  const band = bands(changes.length)
  const top = niceMax(Math.max(1, ...changes.flatMap((c) => [c.fixes, c.regressions])), 1)
  const y = linearScale([-top, top], [BASE, PLOT.top])
  const ticks = niceTicks(-top, top, 4)
  const bars = changes.map((change, index) => {
    const x = band.center(index) - band.width / 2
    return (
      `<rect class="fix" x="${n(x)}" y="${n(y(change.fixes))}" width="${n(band.width)}" height="${n(y(0) - y(change.fixes))}"><title>${change.fixes} fixes</title></rect>` +
      `<rect class="regression" x="${n(x)}" y="${n(y(0))}" width="${n(band.width)}" height="${n(y(-change.regressions) - y(0))}"><title>${change.regressions} regressions</title></rect>`
    )
  })
  const body =
    valueAxis(y, ticks, (v) => String(Math.abs(v)), { y: 'regressions ↓ · fixes ↑' }) +
    `<line class="axis" x1="${PLOT.left}" x2="${PLOT.width - PLOT.right}" y1="${n(y(0))}" y2="${n(y(0))}"/>` +
    bars.join('') +
    xTicks(changes.map((_, index) => ({ at: band.center(index), label: `T${index + 1}` })))
  return {
    id: 'chart-changes',
    title: `Regressions and fixes against the run of ${comparedAt}`,
    svg: svg('Regressions and fixes per target', body),
    table: {
      head: ['Target', 'Fixes', 'Regressions'],
      rows: changes.map((c, index) => [`T${index + 1} ${c.name}`, String(c.fixes), String(c.regressions)]),
    },
  }
}

/** Tokens per target by kind, stacked: uncached input, cache read, reasoning, output. */
export function tokenMixChart(mixes: readonly TokenMix[]): ReportChart {
  const band = bands(mixes.length)
  const totals = mixes.map((m) => TOKEN_KINDS.reduce((sum, kind) => sum + m[kind.key], 0))
  const top = niceMax(Math.max(1, ...totals), 1)
  const y = linearScale([0, top], [BASE, PLOT.top])
  const stacks = mixes.map((mix, index) => {
    let below = 0
    const x = band.center(index) - band.width / 2
    return TOKEN_KINDS.map((kind, k) => {
      const value = mix[kind.key]
      const rect = `<rect class="k${k}" x="${n(x)}" y="${n(y(below + value))}" width="${n(band.width)}" height="${n(y(below) - y(below + value))}"><title>${kind.label}: ${formatCount(value)}</title></rect>`
      below += value
      return value === 0 ? '' : rect
    }).join('')
  })
  const legend = TOKEN_KINDS.map(
    (kind, k) =>
      `<rect class="k${k}" x="${PLOT.left + 8 + k * 100}" y="2" width="10" height="10"/><text class="tick" x="${PLOT.left + 22 + k * 100}" y="11">${kind.label}</text>`,
  ).join('')
  const body =
    valueAxis(y, niceTicks(0, top, 4), (v) => formatCount(v), { y: 'tokens' }) +
    stacks.join('') +
    legend +
    xTicks(mixes.map((_, index) => ({ at: band.center(index), label: `T${index + 1}` })))
  return {
    id: 'chart-token-mix',
    title: 'Token mix per target',
    svg: svg('Tokens per target by kind', body),
    note: 'Input counts what was not read from the cache; output what was not reasoning. Kinds a provider does not report are zero.',
    table: {
      head: ['Target', ...TOKEN_KINDS.map((k) => k.label), 'Cells with usage'],
      rows: mixes.map((m, index) => [
        `T${index + 1} ${m.name}`,
        ...TOKEN_KINDS.map((k) => formatCount(m[k.key])),
        String(m.cellsWithUsage),
      ]),
    },
  }
}
