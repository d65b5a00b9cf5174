/**
 * When a failed attempt may be sent again, and after how long. The rules are the official SDKs'
 * (openai-node and the Anthropic SDK agree): statuses 408, 409, 429 and ≥ 500 are worth retrying,
 * `x-should-retry` overrides that decision either way, the server's `retry-after-ms` / `retry-after`
 * say how long to wait, else exponential backoff with jitter.
 *
 * Only ever applied BEFORE the first content byte reached the user: the registry never calls these
 * once a 2xx response has arrived (a generation is never re-run silently mid-stream).
 */

/** openai-node's backoff: 0.5 s doubling per retry, at most 8 s, minus up to 25 % jitter. */
const INITIAL_BACKOFF_MS = 500
const MAX_BACKOFF_MS = 8_000
const MAX_JITTER = 0.25

const RETRYABLE_STATUSES = new Set([408, 409, 429])

export type HeaderLookup = { get(name: string): string | null }

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || status >= 500
}

/** `x-should-retry: true` forces a retry and `false` forbids one, whatever the status says. */
export function shouldRetryResponse(status: number, headers: HeaderLookup): boolean {
  const override = headers.get('x-should-retry')?.trim().toLowerCase()
  if (override === 'true') return true
  if (override === 'false') return false
  return isRetryableStatus(status)
}

/**
 * The wait the server asked for, in ms: `retry-after-ms` (non-standard, OpenAI) first, then
 * `retry-after` as seconds (decimals allowed) or an HTTP date. Missing, negative or unreadable
 * values give `undefined` (the caller falls back to backoff). `0` is honoured: "retry now".
 */
export function serverRetryDelayMs(headers: HeaderLookup, nowEpochMs: number): number | undefined {
  const millis = headers.get('retry-after-ms')?.trim()
  if (millis !== undefined && millis !== '') {
    const value = Number(millis)
    if (Number.isFinite(value) && value >= 0) return value
  }
  const after = headers.get('retry-after')?.trim()
  if (after === undefined || after === '') return undefined
  if (/^[-+]?\d+(\.\d+)?$/.test(after)) {
    const secondsValue = Number(after)
    return secondsValue >= 0 ? secondsValue * 1000 : undefined
  }
  // Only an HTTP date from here on (`Wed, 21 Oct 2015 07:28:00 GMT`): it names a weekday or month.
  if (!/[a-z]/i.test(after)) return undefined
  const date = Date.parse(after)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowEpochMs)
}

/** Backoff before retry number `retryIndex` (0 for the first retry), jitter from `random` ∈ [0, 1). */
export function backoffDelayMs(retryIndex: number, random: () => number): number {
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** retryIndex, MAX_BACKOFF_MS)
  return base * (1 - random() * MAX_JITTER)
}

export type RetryPlan = { retry: true; delayMs: number } | { retry: false; because: 'exhausted' | 'too_long' }

/**
 * The delay before the next attempt, or why there is none. A server asking for more than
 * `maxDelayMs` is NOT retried (openai-node would silently swap in a short backoff, which just earns
 * another 429): the run ends at once with the server's error, and its message or the `retry-after`
 * header in the inspector tell the user when to try again, instead of a spinner that waits a minute.
 */
export function planRetry(options: {
  retriesSoFar: number
  maxRetries: number
  maxDelayMs: number
  serverDelayMs: number | undefined
  random: () => number
}): RetryPlan {
  if (options.retriesSoFar >= options.maxRetries) return { retry: false, because: 'exhausted' }
  if (options.serverDelayMs !== undefined) {
    if (options.serverDelayMs > options.maxDelayMs) return { retry: false, because: 'too_long' }
    return { retry: true, delayMs: options.serverDelayMs }
  }
  return {
    retry: true,
    delayMs: Math.min(backoffDelayMs(options.retriesSoFar, options.random), options.maxDelayMs),
  }
}
