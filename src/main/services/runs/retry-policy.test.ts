import { describe, expect, it } from 'vitest'
import {
  backoffDelayMs,
  isRetryableStatus,
  planRetry,
  serverRetryDelayMs,
  shouldRetryResponse,
} from './retry-policy'

const headers = (record: Record<string, string>) => new Headers(record)
const NOW = Date.parse('2026-03-01T12:00:00Z')

describe('shouldRetryResponse', () => {
  it('retries 408, 409, 429 and every 5xx, nothing else', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504, 529])
      expect(isRetryableStatus(status)).toBe(true)
    for (const status of [400, 401, 403, 404, 413, 422]) expect(isRetryableStatus(status)).toBe(false)
  })

  it('lets x-should-retry force or forbid a retry whatever the status', () => {
    expect(shouldRetryResponse(429, headers({ 'x-should-retry': 'false' }))).toBe(false)
    expect(shouldRetryResponse(503, headers({ 'x-should-retry': 'FALSE' }))).toBe(false)
    expect(shouldRetryResponse(400, headers({ 'x-should-retry': 'true' }))).toBe(true)
    expect(shouldRetryResponse(429, headers({}))).toBe(true)
    expect(shouldRetryResponse(401, headers({ 'x-should-retry': 'maybe' }))).toBe(false)
  })
})

describe('serverRetryDelayMs', () => {
  it('prefers retry-after-ms, then retry-after in seconds or as an HTTP date', () => {
    expect(serverRetryDelayMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW)).toBe(250)
    expect(serverRetryDelayMs(headers({ 'retry-after': '2' }), NOW)).toBe(2000)
    expect(serverRetryDelayMs(headers({ 'retry-after': '1.5' }), NOW)).toBe(1500)
    expect(serverRetryDelayMs(headers({ 'retry-after': 'Sun, 01 Mar 2026 12:00:30 GMT' }), NOW)).toBe(30_000)
    // A date in the past means "now".
    expect(serverRetryDelayMs(headers({ 'retry-after': 'Sun, 01 Mar 2026 11:00:00 GMT' }), NOW)).toBe(0)
    expect(serverRetryDelayMs(headers({ 'retry-after': '0' }), NOW)).toBe(0)
  })

  it('ignores values it cannot read, so the caller falls back to backoff', () => {
    expect(serverRetryDelayMs(headers({}), NOW)).toBeUndefined()
    expect(serverRetryDelayMs(headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined()
    expect(serverRetryDelayMs(headers({ 'retry-after': '-3' }), NOW)).toBeUndefined()
    expect(serverRetryDelayMs(headers({ 'retry-after-ms': 'NaN', 'retry-after': '1' }), NOW)).toBe(1000)
  })
})

describe('backoff and planRetry', () => {
  it('doubles from 0.5 s up to 8 s, minus at most 25 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ])
    expect(backoffDelayMs(0, () => 0.999999)).toBeGreaterThan(375)
    expect(backoffDelayMs(0, () => 0.999999)).toBeLessThanOrEqual(500)
  })

  const base = { maxRetries: 2, maxDelayMs: 60_000, random: () => 0 }

  it('stops after maxRetries', () => {
    expect(planRetry({ ...base, retriesSoFar: 0, serverDelayMs: undefined })).toEqual({
      retry: true,
      delayMs: 500,
    })
    expect(planRetry({ ...base, retriesSoFar: 1, serverDelayMs: undefined })).toEqual({
      retry: true,
      delayMs: 1000,
    })
    expect(planRetry({ ...base, retriesSoFar: 2, serverDelayMs: undefined })).toEqual({
      retry: false,
      because: 'exhausted',
    })
  })

  it('waits what the server asked, and does not retry when it asks for more than maxDelayMs', () => {
    expect(planRetry({ ...base, retriesSoFar: 0, serverDelayMs: 2000 })).toEqual({
      retry: true,
      delayMs: 2000,
    })
    expect(planRetry({ ...base, retriesSoFar: 0, serverDelayMs: 60_000 })).toEqual({
      retry: true,
      delayMs: 60_000,
    })
    expect(planRetry({ ...base, retriesSoFar: 0, serverDelayMs: 60_001 })).toEqual({
      retry: false,
      because: 'too_long',
    })
  })

  it('never backs off longer than maxDelayMs', () => {
    expect(
      planRetry({ ...base, maxRetries: 9, maxDelayMs: 700, retriesSoFar: 3, serverDelayMs: undefined }),
    ).toEqual({ retry: true, delayMs: 700 })
  })
})
