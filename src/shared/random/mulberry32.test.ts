import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mulberry32 } from './mulberry32'

const take = (next: () => number, count: number): number[] => Array.from({ length: count }, next)

describe('mulberry32', () => {
  it('gives the same sequence for the same seed, and seeds are taken modulo 2^32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const sequence = take(mulberry32(seed), 8)
        expect(take(mulberry32(seed), 8)).toEqual(sequence)
        expect(take(mulberry32(seed + 2 ** 32), 8)).toEqual(sequence)
      }),
    )
  })

  it('draws floats in [0, 1), and different seeds draw different sequences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 2 }), (seed) => {
        const sequence = take(mulberry32(seed), 16)
        for (const value of sequence) expect(value >= 0 && value < 1).toBe(true)
        expect(take(mulberry32(seed + 1), 16)).not.toEqual(sequence)
      }),
    )
  })

  it('spreads its draws evenly: each tenth of [0, 1) gets close to a tenth of 100,000 draws', () => {
    const buckets = new Array<number>(10).fill(0)
    const next = mulberry32(20261124)
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(next() * 10)]!++
    // A fair generator lands within ±3% of 10,000 per bucket (about 10 standard deviations).
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(300)
  })
})
