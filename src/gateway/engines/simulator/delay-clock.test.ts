import { describe, expect, it } from 'vitest'
import { createDelayClock } from './delay-clock'
import type { SimulationContext } from './simulation-types'

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** The clock asked for each part in turn, as the simulator does. */
const delaysOf = (carried: Array<number | undefined>, pacing: SimulationContext['pacing']) => {
  const delayOf = createDelayClock(pacing)
  return carried.map((tokens) => delayOf(tokens))
}

describe('createDelayClock', () => {
  it('sends start at once, the first token after ttft, the rest 1000/tps apart, terminal parts at once', () => {
    const delays = delaysOf([undefined, 1, 1, 1, undefined, undefined, undefined], {
      ttftMs: 400,
      tokensPerSecond: 10,
    })
    expect(delays).toEqual([0, 400, 100, 100, 0, 0, 0])
  })

  it('sums to ttft + (n − 1)/tps within a millisecond, also at rates above timer resolution', () => {
    for (const tokensPerSecond of [1, 7, 80, 333, 3000, 25_000]) {
      for (const n of [1, 2, 10, 1001]) {
        const carried = [undefined, ...Array.from({ length: n }, () => 1), undefined]
        const delays = delaysOf(carried, { ttftMs: 250, tokensPerSecond })
        const exact = 250 + ((n - 1) * 1000) / tokensPerSecond
        expect(Math.abs(sum(delays) - exact)).toBeLessThanOrEqual(1)
        for (const delay of delays) expect(Number.isInteger(delay) && delay >= 0).toBe(true)
      }
    }
  })

  it('paces a part that carries several tokens (a tool-call fragment) by its token count', () => {
    const delays = delaysOf([undefined, 3, 5, 2, undefined], { ttftMs: 0, tokensPerSecond: 1000 })
    expect(delays).toEqual([0, 0, 3, 5, 0])
  })

  it('treats missing or non-positive pacing as "no waiting"', () => {
    expect(delaysOf([undefined, 1, 1], { ttftMs: -5, tokensPerSecond: 0 })).toEqual([0, 0, 0])
  })
})
