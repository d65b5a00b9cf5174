import type uPlot from 'uplot'
import type { ChartColors } from './chart-colors'

const FONT = '11px system-ui, sans-serif'

type AxisSpec = {
  label?: string
  values?: uPlot.Axis['values']
  splits?: uPlot.Axis['splits']
  size?: number
}

/** Axes in the theme's colours: a bottom x axis and a left y axis. */
export function themedAxes(colors: ChartColors, x: AxisSpec, y: AxisSpec): uPlot.Axis[] {
  const axis = (spec: AxisSpec): uPlot.Axis => ({
    stroke: colors.muted,
    font: FONT,
    labelFont: FONT,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1, size: 4 },
    ...(spec.label === undefined ? {} : { label: spec.label, labelSize: 16 }),
    ...(spec.values === undefined ? {} : { values: spec.values }),
    ...(spec.splits === undefined ? {} : { splits: spec.splits }),
    ...(spec.size === undefined ? {} : { size: spec.size }),
  })
  return [axis(x), axis(y)]
}

/** An x axis of categories 0..count-1 (targets), labelled T1, T2…, with a half band of room each side. */
export function categoryX(count: number): { scale: uPlot.Scale; axis: AxisSpec } {
  return {
    scale: { time: false, range: [-0.5, Math.max(0.5, count - 0.5)] },
    axis: {
      splits: () => Array.from({ length: count }, (_, index) => index),
      values: (_u, splits) => splits.map((s) => `T${s + 1}`),
    },
  }
}

/** A series that only gives the scale its values: the draw hooks paint it. */
export function hiddenSeries(label: string): uPlot.Series {
  return { label, stroke: 'transparent', paths: () => null, points: { show: false } }
}

/** `83%` for a 0..1 rate. */
export const percentValues: uPlot.Axis['values'] = (_u, splits) =>
  splits.map((s) => `${Math.round(s * 100)}%`)

/** Canvas pixels per CSS pixel (uPlot draws at the device's resolution). */
export const ratio = (): number => window.devicePixelRatio || 1

/** The pixel box of bar `index` of a category axis: `share` of its band, shifted by `offset` bands. */
export function barBox(
  u: uPlot,
  index: number,
  from: number,
  to: number,
  share: number,
  offset = 0,
): { x: number; y: number; width: number; height: number } {
  const band = (u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true)) * share
  const center = u.valToPos(index, 'x', true) + offset * band
  const top = u.valToPos(Math.max(from, to), 'y', true)
  const bottom = u.valToPos(Math.min(from, to), 'y', true)
  return { x: center - band / 2, y: top, width: band, height: Math.max(0, bottom - top) }
}

/** A vertical error bar from low to high at pixel x. */
export function drawWhisker(u: uPlot, x: number, low: number, high: number, color: string): void {
  const ctx = u.ctx
  const top = u.valToPos(high, 'y', true)
  const bottom = u.valToPos(low, 'y', true)
  const cap = 5 * ratio()
  ctx.save()
  ctx.strokeStyle = color
  ctx.lineWidth = 1.5 * ratio()
  ctx.beginPath()
  ctx.moveTo(x, top)
  ctx.lineTo(x, bottom)
  ctx.moveTo(x - cap, top)
  ctx.lineTo(x + cap, top)
  ctx.moveTo(x - cap, bottom)
  ctx.lineTo(x + cap, bottom)
  ctx.stroke()
  ctx.restore()
}

/** A horizontal dashed guide line across the plot at y = value. */
export function drawGuide(u: uPlot, value: number, color: string): void {
  const ctx = u.ctx
  const y = u.valToPos(value, 'y', true)
  ctx.save()
  ctx.strokeStyle = color
  ctx.globalAlpha = 0.6
  ctx.setLineDash([4 * ratio(), 4 * ratio()])
  ctx.lineWidth = ratio()
  ctx.beginPath()
  ctx.moveTo(u.bbox.left, y)
  ctx.lineTo(u.bbox.left + u.bbox.width, y)
  ctx.stroke()
  ctx.restore()
}

/** A filled dot at data (x, y). */
export function drawDot(u: uPlot, x: number, y: number, color: string, radius = 4): void {
  const ctx = u.ctx
  ctx.save()
  ctx.fillStyle = color
  ctx.beginPath()
  ctx.arc(u.valToPos(x, 'x', true), u.valToPos(y, 'y', true), radius * ratio(), 0, 2 * Math.PI)
  ctx.fill()
  ctx.restore()
}
