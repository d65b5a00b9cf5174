import { escapeHtml } from './escape-html'

/**
 * The few pieces of a static SVG chart the report needs (a plot area, linear scales, nice ticks,
 * axes). Hand-written because the report carries no script: uPlot draws on a canvas at run time, a
 * file that opens offline with `script-src 'none'` needs its charts drawn already.
 */

export const PLOT = { width: 520, height: 260, left: 56, right: 16, top: 14, bottom: 44 } as const

export type Scale = { (value: number): number; domain: [number, number] }

export function linearScale(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain
  const [r0, r1] = range
  const span = d1 - d0 || 1
  const scale = ((value: number) => r0 + ((value - d0) / span) * (r1 - r0)) as Scale
  scale.domain = domain
  return scale
}

/** Evenly spaced bands, one per category: each one's center and the width a bar may take. */
export function bands(count: number): { center(index: number): number; width: number } {
  const span = (PLOT.width - PLOT.left - PLOT.right) / Math.max(1, count)
  return { center: (index) => PLOT.left + span * (index + 0.5), width: span * 0.6 }
}

/** About `count` round tick values (1, 2 or 5 × a power of ten apart) covering min..max. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min]
  const raw = (max - min) / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power
  const ticks: number[] = []
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    ticks.push(Number(v.toPrecision(12)))
  return ticks
}

/** The top of a value axis: max rounded up to a tick, at least `floor`. */
export function niceMax(max: number, floor = 1): number {
  const top = Math.max(max, floor)
  return niceTicks(0, top).at(-1) ?? top
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toString()

export type AxisLabels = { x?: string; y: string }

/** A y axis with gridlines and labels, and the x axis line; `format` writes the y tick labels (plain text). */
export function valueAxis(
  y: Scale,
  ticks: number[],
  format: (v: number) => string,
  labels: AxisLabels,
): string {
  const x0 = PLOT.left
  const x1 = PLOT.width - PLOT.right
  const lines = ticks.map(
    (t) =>
      `<line class="grid" x1="${x0}" x2="${x1}" y1="${fmt(y(t))}" y2="${fmt(y(t))}"/>` +
      `<text class="tick" x="${x0 - 6}" y="${fmt(y(t) + 4)}" text-anchor="end">${escapeHtml(format(t))}</text>`,
  )
  const base = PLOT.height - PLOT.bottom
  const yLabel = `<text class="axis-label" transform="translate(12 ${(PLOT.top + base) / 2}) rotate(-90)" text-anchor="middle">${escapeHtml(labels.y)}</text>`
  const xLabel =
    labels.x === undefined
      ? ''
      : `<text class="axis-label" x="${(x0 + x1) / 2}" y="${PLOT.height - 4}" text-anchor="middle">${escapeHtml(labels.x)}</text>`
  return `${lines.join('')}<line class="axis" x1="${x0}" x2="${x1}" y1="${base}" y2="${base}"/>${yLabel}${xLabel}`
}

/** Tick labels under the x axis at the given positions. */
export function xTicks(ticks: Array<{ at: number; label: string }>): string {
  const y = PLOT.height - PLOT.bottom + 14
  return ticks
    .map(
      (t) =>
        `<text class="tick" x="${fmt(t.at)}" y="${y}" text-anchor="middle">${escapeHtml(t.label)}</text>`,
    )
    .join('')
}

/** An `<svg>` of the plot size, scaled to its container, named for screen readers. */
export function svg(label: string, body: string): string {
  return `<svg class="plot" viewBox="0 0 ${PLOT.width} ${PLOT.height}" role="img" aria-label="${escapeHtml(label)}">${body}</svg>`
}

export { fmt as svgNumber }
