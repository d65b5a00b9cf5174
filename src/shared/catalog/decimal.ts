/**
 * Exact decimal arithmetic on strings: a BigInt coefficient and a base-10 exponent, never a float.
 *
 * Why: catalog prices are USD-per-token strings like `4.6999999999999995e-7`. Float math turns
 * `4.6999999999999995e-7 * 1e6` into `0.47` (the product rounds to the nearest double, whose shortest
 * form drops the digits), so the points shown would differ from the spec's `0.46999999999999995`, and
 * sums over token counts drift further. Every value here is `coefficient × 10^exponent`, exactly.
 */
export type Decimal = {
  readonly coefficient: bigint
  readonly exponent: number
}

/**
 * Exponents beyond this are refused when parsing: formatting `1e999999999` without an exponent would
 * allocate a billion characters, and these strings can come from a hosted catalog we do not control.
 */
const MAX_DECIMAL_EXPONENT = 1000

export class DecimalFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DecimalFormatError'
  }
}

// Sign, integer digits, optional fraction, optional exponent: `12`, `0.15`, `.5`, `1.4e-7`, `-3E+2`.
const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

export const DECIMAL_ZERO: Decimal = { coefficient: 0n, exponent: 0 }

/** True when `text` is a decimal number `parseDecimal` accepts. */
export function isDecimalString(text: string): boolean {
  return tryParseDecimal(text) !== undefined
}

/** Parse `1.4e-7`, `4.6999999999999995e-7`, `0.15`, `12` exactly; throws DecimalFormatError otherwise. */
export function parseDecimal(text: string): Decimal {
  const parsed = tryParseDecimal(text)
  if (parsed === undefined) throw new DecimalFormatError(`Not a decimal number: ${JSON.stringify(text)}`)
  return parsed
}

function tryParseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL_PATTERN.exec(text)
  if (match === null) return undefined
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentText = '0'] = match
  if (integerDigits === '' && fractionDigits === '') return undefined
  const exponent = Number(exponentText) - fractionDigits.length
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_DECIMAL_EXPONENT) return undefined
  const magnitude = BigInt(integerDigits + fractionDigits)
  return normalizeDecimal({ coefficient: sign === '-' ? -magnitude : magnitude, exponent })
}

/**
 * The same value with no trailing zeros in the coefficient (zero is `0e0`), so equal values have equal
 * representations and can be compared field by field.
 */
function normalizeDecimal(value: Decimal): Decimal {
  if (value.coefficient === 0n) return DECIMAL_ZERO
  let { coefficient, exponent } = value
  while (coefficient % 10n === 0n) {
    coefficient /= 10n
    exponent += 1
  }
  return { coefficient, exponent }
}

/** Multiply by 10^places (negative places divide), exactly: only the exponent moves. */
export function shiftDecimal(value: Decimal, places: number): Decimal {
  if (!Number.isSafeInteger(places)) throw new RangeError(`Shift must be an integer, got ${places}`)
  return normalizeDecimal({ coefficient: value.coefficient, exponent: value.exponent + places })
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const exponent = Math.min(a.exponent, b.exponent)
  return normalizeDecimal({
    coefficient: scaleCoefficient(a, exponent) + scaleCoefficient(b, exponent),
    exponent,
  })
}

/** Multiply by an integer count (token counts); a non-integer number is refused rather than rounded. */
export function multiplyDecimalByInteger(value: Decimal, factor: number | bigint): Decimal {
  if (typeof factor === 'number' && !Number.isSafeInteger(factor)) {
    throw new RangeError(`Factor must be a safe integer, got ${factor}`)
  }
  return normalizeDecimal({ coefficient: value.coefficient * BigInt(factor), exponent: value.exponent })
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const exponent = Math.min(a.exponent, b.exponent)
  const left = scaleCoefficient(a, exponent)
  const right = scaleCoefficient(b, exponent)
  return left < right ? -1 : left > right ? 1 : 0
}

/** Plain positional notation, no exponent, no trailing zeros: `0.46999999999999995`, `12`, `-0.0028`. */
export function formatDecimal(value: Decimal): string {
  const { coefficient, exponent } = normalizeDecimal(value)
  const negative = coefficient < 0n
  const digits = (negative ? -coefficient : coefficient).toString()
  let plain: string
  if (exponent >= 0) {
    plain = coefficient === 0n ? '0' : digits + '0'.repeat(exponent)
  } else {
    const fractionLength = -exponent
    const padded = digits.padStart(fractionLength + 1, '0')
    plain =
      padded.slice(0, padded.length - fractionLength) + '.' + padded.slice(padded.length - fractionLength)
  }
  return negative ? '-' + plain : plain
}

/**
 * Round to `significantDigits` significant digits for display, half away from zero (what people
 * expect from a price tag: 0.125 → 0.13 at two digits). Zero stays zero.
 */
export function roundDecimalToSignificant(value: Decimal, significantDigits: number): Decimal {
  if (!Number.isSafeInteger(significantDigits) || significantDigits < 1) {
    throw new RangeError(`Significant digits must be a positive integer, got ${significantDigits}`)
  }
  const normalized = normalizeDecimal(value)
  const negative = normalized.coefficient < 0n
  const magnitude = negative ? -normalized.coefficient : normalized.coefficient
  const excessDigits = magnitude.toString().length - significantDigits
  if (excessDigits <= 0) return normalized
  const divisor = 10n ** BigInt(excessDigits)
  let kept = magnitude / divisor
  if ((magnitude % divisor) * 2n >= divisor) kept += 1n
  return normalizeDecimal({
    coefficient: negative ? -kept : kept,
    exponent: normalized.exponent + excessDigits,
  })
}

/** Convenience for display: parse, round to N significant digits, format. */
export function formatSignificant(text: string, significantDigits: number): string {
  return formatDecimal(roundDecimalToSignificant(parseDecimal(text), significantDigits))
}

function scaleCoefficient(value: Decimal, toExponent: number): bigint {
  return value.coefficient * 10n ** BigInt(value.exponent - toExponent)
}
