/**
 * A slider over a range that spans orders of magnitude (max tokens: 1 … 1,048,576): positions
 * 0…LOG_POSITIONS map to values geometrically, so 40, 400 and 4,000 sit a third of the track apart
 * instead of all at its left edge. Values are whole numbers rounded to two significant digits (a
 * slider picks a size; the number box beside it takes any exact value), the ends exactly min and max.
 */
export const LOG_POSITIONS = 1000

type LogRange = { min: number; max: number }

/** The slider position of `value` (clamped into the range). */
export function logPosition(value: number, { min, max }: LogRange): number {
  if (max <= min) return 0
  const clamped = Math.min(max, Math.max(min, value))
  return Math.round((Math.log(clamped / min) / Math.log(max / min)) * LOG_POSITIONS)
}

/**
 * The value at slider position `position`. A step that rounds back to `current` moves one unit on
 * instead, so arrow keys never get stuck where values are small.
 */
export function logValue(position: number, { min, max }: LogRange, current?: number): number {
  if (position <= 0) return min
  if (position >= LOG_POSITIONS) return max
  const exact = min * (max / min) ** (position / LOG_POSITIONS)
  const rounded = Math.min(max, Math.max(min, roundTwoDigits(exact)))
  if (current === undefined || rounded !== current) return rounded
  const direction = position > logPosition(current, { min, max }) ? 1 : -1
  return Math.min(max, Math.max(min, current + direction))
}

function roundTwoDigits(value: number): number {
  if (value < 100) return Math.round(value)
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1)
  return Math.round(value / unit) * unit
}
