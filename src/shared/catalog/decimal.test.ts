import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDecimal,
  compareDecimal,
  DecimalFormatError,
  formatDecimal,
  formatSignificant,
  isDecimalString,
  multiplyDecimalByInteger,
  parseDecimal,
  roundDecimalToSignificant,
  shiftDecimal,
  type Decimal,
} from './decimal'

// ── Reference arithmetic ─────────────────────────────────────────────────────────────────────────
// Every value scaled to a fixed number of fraction digits as one BigInt. Independent of the code under
// test: no exponent bookkeeping, just integers at one common scale.
const REFERENCE_SCALE = 120
const ONE = 10n ** BigInt(REFERENCE_SCALE)

function toScaled(value: Decimal): bigint {
  const shift = value.exponent + REFERENCE_SCALE
  if (shift < 0) throw new Error('reference scale too small for this test value')
  return value.coefficient * 10n ** BigInt(shift)
}

/** Positional text of a scaled value, trailing zeros removed (a second, naive formatter). */
function formatScaled(scaled: bigint): string {
  const negative = scaled < 0n
  const magnitude = negative ? -scaled : scaled
  const integer = (magnitude / ONE).toString()
  const fraction = (magnitude % ONE).toString().padStart(REFERENCE_SCALE, '0').replace(/0+$/, '')
  const text = fraction === '' ? integer : `${integer}.${fraction}`
  return negative && magnitude !== 0n ? `-${text}` : text
}

const arbitraryDecimal: fc.Arbitrary<Decimal> = fc.record({
  coefficient: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  exponent: fc.integer({ min: -40, max: 40 }),
})

describe('parseDecimal + formatDecimal on the catalog prices', () => {
  it.each([
    ['1.4e-7', '0.00000014'],
    ['2.8e-7', '0.00000028'],
    ['2.8e-9', '0.0000000028'],
    ['1.5e-7', '0.00000015'],
    ['4.6999999999999995e-7', '0.00000046999999999999995'],
    ['1.6e-8', '0.000000016'],
    ['0.15', '0.15'],
    ['12', '12'],
    ['12.500', '12.5'],
    ['1200', '1200'],
    ['1.2E+3', '1200'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-0.0028', '-0.0028'],
    ['+7', '7'],
    ['0', '0'],
    ['-0.000', '0'],
    ['000123.4500', '123.45'],
  ])('%s formats as %s', (input, expected) => {
    expect(formatDecimal(parseDecimal(input))).toBe(expected)
  })

  it('shifts by six places exactly (USD per token → per 1M tokens)', () => {
    expect(formatDecimal(shiftDecimal(parseDecimal('4.6999999999999995e-7'), 6))).toBe('0.46999999999999995')
    expect(formatDecimal(shiftDecimal(parseDecimal('2.8e-9'), 6))).toBe('0.0028')
    expect(formatDecimal(shiftDecimal(parseDecimal('1.6e-8'), 6))).toBe('0.016')
    expect(formatDecimal(shiftDecimal(parseDecimal('1.4e-7'), 6))).toBe('0.14')
    expect(formatDecimal(shiftDecimal(parseDecimal('0.14'), -6))).toBe('0.00000014')
  })

  it('multiplies by token counts exactly where floats drift', () => {
    // In float math 4.6999999999999995e-7 * 1_000_000 is 0.47: the spec wants every digit kept.
    expect(formatDecimal(multiplyDecimalByInteger(parseDecimal('4.6999999999999995e-7'), 1_000_000))).toBe(
      '0.46999999999999995',
    )
    expect(formatDecimal(multiplyDecimalByInteger(parseDecimal('0.1'), 3))).toBe('0.3')
    expect(formatDecimal(multiplyDecimalByInteger(parseDecimal('0.15'), 0))).toBe('0')
    expect(formatDecimal(multiplyDecimalByInteger(parseDecimal('2.5'), -4n))).toBe('-10')
  })

  it('adds exactly where floats drift', () => {
    expect(formatDecimal(addDecimal(parseDecimal('0.1'), parseDecimal('0.2')))).toBe('0.3')
    expect(formatDecimal(addDecimal(parseDecimal('1e-20'), parseDecimal('1e20')))).toBe(
      '100000000000000000000.00000000000000000001',
    )
  })

  it.each([
    '',
    '-',
    '.',
    'e5',
    '1e',
    '1.2.3',
    '0x10',
    '1,5',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '1e-1001',
    '1e99999',
  ])('refuses %j', (input) => {
    expect(isDecimalString(input)).toBe(false)
    expect(() => parseDecimal(input)).toThrow(DecimalFormatError)
  })

  it('refuses non-integer factors and shifts instead of rounding them', () => {
    expect(() => multiplyDecimalByInteger(parseDecimal('1'), 1.5)).toThrow(RangeError)
    expect(() => multiplyDecimalByInteger(parseDecimal('1'), Number.NaN)).toThrow(RangeError)
    expect(() => shiftDecimal(parseDecimal('1'), 0.5)).toThrow(RangeError)
  })
})

describe('roundDecimalToSignificant', () => {
  it.each([
    ['0.46999999999999995', 3, '0.47'],
    ['0.46999999999999995', 17, '0.46999999999999995'],
    ['0.46999999999999995', 16, '0.47'],
    ['0.0028', 1, '0.003'],
    ['0.125', 2, '0.13'],
    ['-0.125', 2, '-0.13'],
    ['0.124', 2, '0.12'],
    ['999.5', 3, '1000'],
    ['123456', 2, '120000'],
    ['0', 3, '0'],
    ['0.016', 5, '0.016'],
  ] as const)('%s to %i significant digits is %s', (input, digits, expected) => {
    expect(formatSignificant(input, digits)).toBe(expected)
  })

  it('refuses zero or fractional digit counts', () => {
    expect(() => roundDecimalToSignificant(parseDecimal('1'), 0)).toThrow(RangeError)
    expect(() => roundDecimalToSignificant(parseDecimal('1'), 1.5)).toThrow(RangeError)
  })
})

describe('decimal properties against BigInt-scaled reference arithmetic', () => {
  it('format(parse(text)) equals the reference positional text for any generated digits', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.stringMatching(/^\d{1,25}$/),
        fc.stringMatching(/^\d{0,25}$/),
        fc.integer({ min: -40, max: 40 }),
        (negative, integerDigits, fractionDigits, exponent) => {
          const text = `${negative ? '-' : ''}${integerDigits}.${fractionDigits}e${exponent}`
          const coefficient = BigInt(integerDigits + fractionDigits) * (negative ? -1n : 1n)
          const reference = formatScaled(
            coefficient * 10n ** BigInt(REFERENCE_SCALE + exponent - fractionDigits.length),
          )
          expect(formatDecimal(parseDecimal(text))).toBe(reference)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('parse(format(d)) is the same value, and formatting is canonical', () => {
    fc.assert(
      fc.property(arbitraryDecimal, (value) => {
        const text = formatDecimal(value)
        expect(text).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/)
        const reparsed = parseDecimal(text)
        expect(toScaled(reparsed)).toBe(toScaled(value))
        expect(formatDecimal(reparsed)).toBe(text)
        expect(text).toBe(formatScaled(toScaled(value)))
      }),
      { numRuns: 1000 },
    )
  })

  it('any JavaScript number text (shortest round-trip form, often with an exponent) survives exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 }), (number) => {
        const text = String(number)
        // Float is only the oracle here: the exact decimal must read back as the very same double.
        expect(Number(formatDecimal(parseDecimal(text)))).toBe(number === 0 ? 0 : number)
      }),
      { numRuns: 1000 },
    )
  })

  it('add, multiply by an integer and shift agree with the reference', () => {
    fc.assert(
      fc.property(
        arbitraryDecimal,
        arbitraryDecimal,
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: -40, max: 40 }),
        (a, b, factor, places) => {
          expect(toScaled(addDecimal(a, b))).toBe(toScaled(a) + toScaled(b))
          expect(toScaled(multiplyDecimalByInteger(a, factor))).toBe(toScaled(a) * factor)
          const shifted = shiftDecimal(a, places)
          if (places >= 0) expect(toScaled(shifted)).toBe(toScaled(a) * 10n ** BigInt(places))
          else expect(toScaled(shifted) * 10n ** BigInt(-places)).toBe(toScaled(a))
          const expectedOrder = toScaled(a) < toScaled(b) ? -1 : toScaled(a) > toScaled(b) ? 1 : 0
          expect(compareDecimal(a, b)).toBe(expectedOrder)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('rounding keeps at most N significant digits and is the nearest such value, ties away from zero', () => {
    fc.assert(
      fc.property(arbitraryDecimal, fc.integer({ min: 1, max: 20 }), (value, digits) => {
        const rounded = roundDecimalToSignificant(value, digits)
        const magnitude = rounded.coefficient < 0n ? -rounded.coefficient : rounded.coefficient
        expect(magnitude === 0n || magnitude.toString().length <= digits).toBe(true)
        if (value.coefficient === 0n) {
          expect(rounded.coefficient).toBe(0n)
          return
        }
        // The unit in the last kept place, from the reference: position of the leading digit.
        const valueMagnitude = value.coefficient < 0n ? -value.coefficient : value.coefficient
        const leadingExponent = value.exponent + valueMagnitude.toString().length - 1
        const unitExponent = leadingExponent - digits + 1
        const unit = 10n ** BigInt(unitExponent + REFERENCE_SCALE)
        const error = toScaled(rounded) - toScaled(value)
        const absoluteError = error < 0n ? -error : error
        // Within half a unit, and on a tie the result moved away from zero.
        expect(absoluteError * 2n <= unit).toBe(true)
        if (absoluteError * 2n === unit) {
          expect(toScaled(rounded) < 0n ? error < 0n : error > 0n).toBe(true)
        }
        // A multiple of the unit.
        expect(toScaled(rounded) % unit).toBe(0n)
      }),
      { numRuns: 1000 },
    )
  })
})
