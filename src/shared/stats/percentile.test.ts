import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { percentile } from './percentile'

const samples = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 })
const percents = fc.integer({ min: 1, max: 100 })

describe('percentile (nearest rank)', () => {
  it('is a sample that at least p% of the samples are at or below, and at least (100 - p)% at or above', () => {
    fc.assert(
      fc.property(samples, percents, (values, p) => {
        const result = percentile(values, p) ?? NaN
        expect(values).toContain(result)
        const atOrBelow = values.filter((value) => value <= result).length
        const atOrAbove = values.filter((value) => value >= result).length
        expect(atOrBelow / values.length).toBeGreaterThanOrEqual(p / 100)
        expect(atOrAbove / values.length).toBeGreaterThanOrEqual(1 - p / 100)
      }),
    )
  })

  it('does not depend on the order of the samples, and never falls as p rises', () => {
    fc.assert(
      fc.property(samples, percents, percents, (values, p, q) => {
        const [low, high] = p <= q ? [p, q] : [q, p]
        expect(percentile([...values].reverse(), low)).toBe(percentile(values, low))
        expect(percentile(values, low)).toBeLessThanOrEqual(percentile(values, high) ?? NaN)
      }),
    )
  })

  it('gives the largest sample at p = 100, the middle one at p = 50, and nothing for no samples', () => {
    expect(percentile([3, 1, 2], 100)).toBe(3)
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3)
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19)
    expect(percentile([], 50)).toBeUndefined()
  })
})
