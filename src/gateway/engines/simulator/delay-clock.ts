import type { SimulationContext } from './simulation-types'

/**
 * The wait before each part, in whole milliseconds, for a model that takes `ttftMs` to its first
 * token and then produces `tokensPerSecond`: call the clock with each part's tokens carried, in order.
 *
 * `carried` is how many output tokens the part carries (a text delta 1, a tool-call fragment its
 * token count), or undefined for parts that are not content (`start` goes out at once; `usage`,
 * `finish`, `end` right after the last content). Content part k is due at
 * ttft + (tokens carried by the content parts before it) / tps, so a plain text reply of n deltas
 * ends at ttft + (n − 1) / tps. Due times are rounded down from the exact (fractional) schedule, and
 * each delay is the difference of two rounded due times: 3,000 tokens/s becomes a pattern of 0 and
 * 1 ms delays whose sum never drifts from the exact total by more than 1 ms.
 */
export function createDelayClock(pacing: SimulationContext['pacing']): (carried?: number) => number {
  const ttft = Number.isFinite(pacing.ttftMs) && pacing.ttftMs > 0 ? pacing.ttftMs : 0
  const msPerToken =
    Number.isFinite(pacing.tokensPerSecond) && pacing.tokensPerSecond > 0 ? 1000 / pacing.tokensPerSecond : 0
  let tokensBefore = 0
  let previousDue = 0
  return (carried) => {
    if (carried === undefined) return 0
    const due = Math.floor(ttft + tokensBefore * msPerToken)
    const delay = due - previousDue
    previousDue = due
    tokensBefore += carried
    return delay
  }
}
