import {
  formatDecimal,
  isDecimalString,
  parseDecimal,
  roundDecimalToSignificant,
  type Decimal,
} from './decimal'

/** Digits a person reads: enough to tell two replies apart, never the float noise of a price. */
const SIGNIFICANT_DIGITS = 3
/** From 10^2 (100) on a figure is a whole number: `1,235`, not `1.23e3` or `1235.6789`. */
const WHOLE_FROM_MAGNITUDE = 2

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * THE way points read, everywhere a person reads them (catalog card, reply footer, compare summary,
 * workbench grid and totals, the CLI's summary): three significant digits, trailing zeros kept so
 * every figure has the same precision (`0.000100`, `0.0000733`, `0.470`), whole numbers from 100
 * on, never an exponent. Rounded from the exact decimal string (no float), half away from zero. The
 * exact string stays where the data lives (the catalog record, JSON outputs) and one hover away.
 * A string that is not a decimal number is shown as it is.
 */
export function formatPoints(exact: string): string {
  if (!isDecimalString(exact)) return exact
  const value = parseDecimal(exact)
  if (value.coefficient === 0n) return '0'
  // From 100 on, every whole digit is kept (`1,235`); below, three significant digits.
  const digits = magnitudeOf(value) >= WHOLE_FROM_MAGNITUDE ? magnitudeOf(value) + 1 : SIGNIFICANT_DIGITS
  const rounded = roundDecimalToSignificant(value, digits)
  const magnitude = magnitudeOf(rounded)
  if (magnitude >= WHOLE_FROM_MAGNITUDE) return grouped.format(Number(formatDecimal(rounded)))
  const fractionDigits = SIGNIFICANT_DIGITS - 1 - magnitude
  const plain = formatDecimal(rounded)
  const [whole = plain, fraction = ''] = plain.split('.')
  return `${whole}.${fraction.padEnd(fractionDigits, '0')}`
}

/**
 * A points figure held as a number (a chart's axis tick) read as `formatPoints` writes it: fixed
 * notation first, so a tick of 0.00005 reads `0.0000500`, never `5e-5`.
 */
export function formatPointsNumber(value: number): string {
  return Number.isFinite(value) && Math.abs(value) < 1e21 ? formatPoints(value.toFixed(20)) : String(value)
}

/** The power of ten of the leading digit: 2 for 123, -4 for 0.000733. */
function magnitudeOf(value: Decimal): number {
  return value.coefficient.toString().replace('-', '').length - 1 + value.exponent
}
