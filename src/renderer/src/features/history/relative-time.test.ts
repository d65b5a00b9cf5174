import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const NOW = Date.UTC(2026, 4, 20, 12, 0, 0)
const MINUTE = 60_000

describe('formatRelativeTime', () => {
  it('says how long ago a conversation changed, in words a list can show', () => {
    expect(formatRelativeTime(NOW - 10_000, NOW)).toBe('just now')
    expect(formatRelativeTime(NOW + 5 * MINUTE, NOW)).toBe('just now')
    expect(formatRelativeTime(NOW - 5 * MINUTE, NOW)).toBe('5 minutes ago')
    expect(formatRelativeTime(NOW - 61 * MINUTE, NOW)).toBe('1 hour ago')
    expect(formatRelativeTime(NOW - 25 * 60 * MINUTE, NOW)).toBe('yesterday')
    expect(formatRelativeTime(NOW - 3 * 24 * 60 * MINUTE, NOW)).toBe('3 days ago')
  })

  it('gives the date for anything older than a month', () => {
    expect(formatRelativeTime(Date.UTC(2025, 11, 24, 12), NOW)).toBe('Dec 24, 2025')
  })
})
