import type { ParamAdjustment, ParamRange } from './dialect'

/**
 * A numeric parameter put into the dialect's accepted range. A clamp is never silent: it is recorded
 * as an adjustment, because a value the user chose that the wire cannot carry is exactly what the
 * side-by-side comparison exists to show.
 */
export function clampParam(value: number, range: ParamRange, adjustments: ParamAdjustment[]): number {
  const clamped = Math.min(range.max, Math.max(range.min, value))
  if (clamped !== value) {
    adjustments.push({
      param: range.param,
      action: 'clamped',
      detail: `${range.wireName} ${value} clamped to ${clamped} (${range.dialectLabel} accepts ${range.min}–${range.max}).`,
    })
  }
  return clamped
}
