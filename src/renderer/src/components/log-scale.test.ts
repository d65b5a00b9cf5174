import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LOG_POSITIONS, logPosition, logValue } from './log-scale'

const TOKENS = { min: 1, max: 1_048_576 }

describe('log-scale slider', () => {
  it('spreads 40, 400 and 1,024 over the track instead of piling them at its left edge', () => {
    const at = (value: number) => logPosition(value, TOKENS) / LOG_POSITIONS
    expect(at(40)).toBeGreaterThan(0.25)
    expect(at(400) - at(40)).toBeGreaterThan(0.15)
    expect(at(1024)).toBeCloseTo(0.5, 1)
    expect(at(1_048_576)).toBe(1)
    expect(at(1)).toBe(0)
  })

  it('reaches both ends exactly and rounds the values between to two significant digits', () => {
    expect(logValue(0, TOKENS)).toBe(1)
    expect(logValue(LOG_POSITIONS, TOKENS)).toBe(1_048_576)
    expect(logValue(500, TOKENS)).toBe(1000)
    expect(logValue(logPosition(4096, TOKENS), TOKENS)).toBe(4100)
  })

  it('moves on by one position whatever the value (arrow keys never get stuck)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LOG_POSITIONS - 1 }), (position) => {
        const current = logValue(position, TOKENS)
        const from = logPosition(current, TOKENS)
        const up = logValue(Math.min(LOG_POSITIONS, from + 1), TOKENS, current)
        const down = logValue(Math.max(0, from - 1), TOKENS, current)
        expect(up).toBeGreaterThan(current)
        if (current > 1) expect(down).toBeLessThan(current)
      }),
    )
  })
})
