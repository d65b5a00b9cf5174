import { describe, expect, it } from 'vitest'
import { formatDuration, formatErrorHeadline, formatFinish, formatRate, formatUsage } from './format-reply'

describe('reply footer formatting', () => {
  it('writes finish reasons unified and raw', () => {
    expect(formatFinish({ unified: 'stop', raw: 'end_turn' })).toBe('stop · end_turn')
    expect(formatFinish({ unified: 'stop', raw: 'stop_sequence', stopSequence: 'END' })).toBe(
      'stop · stop_sequence ("END")',
    )
    expect(formatFinish(undefined)).toBeUndefined()
  })

  it('writes durations in ms below a second, then seconds, then minutes', () => {
    expect(formatDuration(312.4)).toBe('312 ms')
    expect(formatDuration(1240)).toBe('1.24 s')
    expect(formatDuration(12_345)).toBe('12.3 s')
    expect(formatDuration(125_000)).toBe('2 min 5 s')
    expect(formatDuration(undefined)).toBeUndefined()
  })

  it('writes token rates', () => {
    expect(formatRate(1532.6)).toBe('1,533 tok/s')
    expect(formatRate(7.25)).toBe('7.3 tok/s')
  })

  it('writes usage in / out, input split by the cache when it was used, and an estimated output with ~', () => {
    expect(formatUsage({ inputTokens: 1200, outputTokens: 45, cacheReadTokens: 1000 })).toBe(
      'in 1,200 · out 45 · 200 uncached · 0 cache write · 1,000 cache read',
    )
    expect(
      formatUsage({ inputTokens: 12_504, outputTokens: 900, cacheWriteTokens: 1024, reasoningTokens: 812 }),
    ).toBe('in 12,504 · out 900 (812 reasoning) · 11,480 uncached · 1,024 cache write · 0 cache read')
    expect(formatUsage({ inputTokens: 3, outputTokens: 4 })).toBe('in 3 · out 4 · cached 0')
    expect(formatUsage(undefined, { count: 17, estimated: true })).toBe('out ~17')
    // Streaming after a usage that came first (Messages' message_start): the count so far, not out 0.
    expect(formatUsage({ inputTokens: 13, outputTokens: 0 }, { count: 94, estimated: true })).toBe(
      'in 13 · out ~94 · cached 0',
    )
    // The final usage is exact and wins over the estimate.
    expect(formatUsage({ inputTokens: 13, outputTokens: 97 }, { count: 94, estimated: false })).toBe(
      'in 13 · out 97 · cached 0',
    )
    expect(formatUsage(undefined)).toBeUndefined()
  })

  it('writes an error headline with its status and type', () => {
    expect(formatErrorHeadline({ status: 429, type: 'rate_limit_error', message: 'slow down' })).toBe(
      'HTTP 429 · rate_limit_error',
    )
    expect(formatErrorHeadline({ type: 'overloaded_error', message: 'busy' })).toBe('overloaded_error')
    expect(
      formatErrorHeadline({ status: 429, type: 'requests', code: 'rate_limit_exceeded', message: 'x' }),
    ).toBe('HTTP 429 · requests · rate_limit_exceeded')
  })
})
