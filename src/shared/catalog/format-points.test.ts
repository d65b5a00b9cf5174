import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatPoints, formatPointsNumber } from './format-points'

describe('formatPoints', () => {
  it('reads the figures the issue found with three significant digits, the same precision each time', () => {
    // The catalog card's exact string, a CLI total and two reply footers of one conversation.
    expect(formatPoints('0.46999999999999995')).toBe('0.470')
    expect(formatPoints('0.00036192999999999996405')).toBe('0.000362')
    expect(formatPoints('0.0001')).toBe('0.000100')
    expect(formatPoints('0.0000733')).toBe('0.0000733')
    expect(formatPoints('0.14')).toBe('0.140')
  })

  it('writes whole numbers from 100 on, grouped, and zero as 0', () => {
    expect(formatPoints('100')).toBe('100')
    expect(formatPoints('99.96')).toBe('100')
    expect(formatPoints('1234.5678')).toBe('1,235')
    expect(formatPoints('12.345')).toBe('12.3')
    expect(formatPoints('0')).toBe('0')
    expect(formatPoints('0.000')).toBe('0')
  })

  it('never writes an exponent, and leaves text that is not a number as it is', () => {
    expect(formatPoints('4.6999999999999995e-7')).toBe('0.000000470')
    expect(formatPoints('not a number')).toBe('not a number')
  })

  it('is the exact value rounded to three significant digits, for any decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: -20, max: 0 }), (digits, exp) => {
        const exact = `${digits}e${exp}`
        const shown = formatPoints(exact)
        expect(shown).not.toMatch(/e/i)
        const value = Number(exact)
        const read = Number(shown.replaceAll(',', ''))
        if (value >= 100) {
          expect(Math.abs(read - value)).toBeLessThanOrEqual(0.5 + value * 1e-12)
        } else {
          // Three significant digits: within half a unit of the third digit.
          const unit = 10 ** (Math.floor(Math.log10(value)) - 2)
          expect(Math.abs(read - value)).toBeLessThanOrEqual(unit / 2 + value * 1e-12)
          expect(shown.replace(/^[0.]+/, '').replace('.', '')).toHaveLength(3)
        }
      }),
    )
  })
})

describe('formatPointsNumber', () => {
  it('reads a chart tick as formatPoints reads the same figure, never in exponent notation', () => {
    expect(formatPointsNumber(0.00005)).toBe('0.0000500')
    expect(formatPointsNumber(1e-7)).toBe('0.000000100')
    expect(formatPointsNumber(0.1 + 0.2)).toBe('0.300')
    expect(formatPointsNumber(0)).toBe('0')
    expect(formatPointsNumber(1234.5)).toBe('1,235')
  })
})
