import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wilsonInterval } from './wilson-interval'

const trials = fc
  .integer({ min: 1, max: 100_000 })
  .chain((total) => fc.tuple(fc.integer({ min: 0, max: total }), fc.constant(total)))

describe('wilsonInterval', () => {
  it('holds the observed rate, inside 0..1, and narrows as the same rate is seen over more trials', () => {
    fc.assert(
      fc.property(trials, fc.integer({ min: 2, max: 50 }), ([passed, total], factor) => {
        const { low, high } = wilsonInterval(passed, total)
        expect(low).toBeGreaterThanOrEqual(0)
        expect(high).toBeLessThanOrEqual(1)
        expect(low).toBeLessThanOrEqual(passed / total + 1e-12)
        expect(high).toBeGreaterThanOrEqual(passed / total - 1e-12)
        const more = wilsonInterval(passed * factor, total * factor)
        expect(more.high - more.low).toBeLessThan(high - low)
      }),
    )
  })

  it('matches the published figures (Newcombe 1998, table I)', () => {
    // 81 of 263: 0.2553–0.3662; 15 of 148: 0.0624–0.1605; 0 of 10: 0–0.2775.
    const round = (x: number) => Math.round(x * 10_000) / 10_000
    const at = (passed: number, total: number) => {
      const { low, high } = wilsonInterval(passed, total)
      return [round(low), round(high)]
    }
    expect(at(81, 263)).toEqual([0.2553, 0.3662])
    expect(at(15, 148)).toEqual([0.0624, 0.1605])
    expect(at(0, 10)).toEqual([0, 0.2775])
  })

  it('is 0..1 when nothing was tried, and symmetric between passes and failures', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 })
    fc.assert(
      fc.property(trials, ([passed, total]) => {
        const pass = wilsonInterval(passed, total)
        const fail = wilsonInterval(total - passed, total)
        expect(pass.low).toBeCloseTo(1 - fail.high, 12)
      }),
    )
  })
})
