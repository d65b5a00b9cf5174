import { describe, expect, it } from 'vitest'
import { thinkingSummary } from './thinking-summary'

describe('thinkingSummary', () => {
  it('says how long and how much a reply thought, marking an estimate', () => {
    expect(thinkingSummary({ thinking: false, ms: 3200, tokens: 812 })).toBe('Thought for 3.2 s · 812 tokens')
    expect(thinkingSummary({ thinking: false, ms: 3200, tokens: 1812, estimated: true })).toBe(
      'Thought for 3.2 s · ~1,812 tokens',
    )
    expect(thinkingSummary({ thinking: false, ms: 125_000 })).toBe('Thought for 2 min 5 s')
  })

  it('counts up while the reply still thinks', () => {
    expect(thinkingSummary({ thinking: true })).toBe('Thinking…')
    expect(thinkingSummary({ thinking: true, ms: 1234, tokens: 300, estimated: true })).toBe(
      'Thinking… 1.2 s · ~300 tokens',
    )
  })

  it('keeps what it knows when the time is unknown (a reply kept from before it was measured)', () => {
    expect(thinkingSummary({ thinking: false })).toBe('Thinking')
    expect(thinkingSummary({ thinking: false, tokens: 40 })).toBe('Thought · 40 tokens')
  })
})
