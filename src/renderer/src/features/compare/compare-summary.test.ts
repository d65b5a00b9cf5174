import { describe, expect, it } from 'vitest'
import type { Pane, ReplyRecord, StoredMessage } from '@shared/history/conversation'
import { compareSummary } from './compare-summary'

const turn = (id: string): StoredMessage => ({ id, role: 'user', content: [{ type: 'text', text: 'q' }] })
const reply = (id: string, record?: Partial<ReplyRecord>): StoredMessage => ({
  id,
  role: 'assistant',
  content: [{ type: 'text', text: 'a' }],
  ...(record
    ? {
        reply: {
          dialect: 'openai-chat',
          model: 'm',
          state: 'completed',
          metrics: {},
          adjustments: [],
          createdAt: 1,
          ...record,
        },
      }
    : {}),
})
const pane = (id: string, messages: StoredMessage[]): Pane => ({
  id,
  dialect: 'openai-chat',
  model: 'm',
  messages,
})

const openai: Partial<ReplyRecord> = {
  dialect: 'openai-chat',
  finish: { unified: 'stop', raw: 'stop' },
  usage: { inputTokens: 20, outputTokens: 100 },
  metrics: { ttftMs: 120, totalMs: 1240, tokensPerSecond: 400, points: '0.00036192999999999996405' },
  adjustments: [{ param: 'includeUsage', action: 'defaulted', detail: 'stream_options.include_usage set' }],
}
const anthropic: Partial<ReplyRecord> = {
  dialect: 'anthropic-messages',
  finish: { unified: 'stop', raw: 'end_turn' },
  usage: { inputTokens: 20, outputTokens: 98 },
  metrics: { ttftMs: 150, totalMs: 1500, tokensPerSecond: 380, points: '0.0000733' },
  adjustments: [{ param: 'temperature', action: 'clamped', detail: 'temperature 1.5 clamped to 1' }],
}

describe('compareSummary', () => {
  it('puts both replies to the latest shared turn side by side and marks what differs', () => {
    const view = compareSummary([
      pane('a', [turn('t1'), reply('r1', openai)]),
      pane('b', [turn('t1'), reply('r2', anthropic)]),
    ])
    expect(view?.targets).toEqual(['OpenAI (chat completions) · m', 'Anthropic (messages) · m'])
    expect(view?.rows).toEqual([
      { label: 'Finish', values: ['stop · stop', 'stop · end_turn'], differs: true },
      { label: 'Tokens in / out', values: ['20 / 100', '20 / 98'], differs: true },
      { label: 'TTFT', values: ['120 ms', '150 ms'], differs: true },
      { label: 'Total time', values: ['1.24 s', '1.50 s'], differs: true },
      { label: 'Tokens/s', values: ['400 tok/s', '380 tok/s'], differs: true },
      // Rounded alike (formatPoints), never float noise.
      { label: 'Points', values: ['0.000362 pts', '0.0000733 pts'], differs: true },
    ])
    expect(view?.adjustments).toEqual([openai.adjustments, anthropic.adjustments])
    expect(view?.adjustmentsDiffer).toBe(true)
  })

  it('says nothing differs when both did the same', () => {
    const view = compareSummary([
      pane('a', [turn('t1'), reply('r1', openai)]),
      pane('b', [turn('t1'), reply('r2', openai)]),
    ])
    expect(view?.rows.every((row) => !row.differs)).toBe(true)
    expect(view?.adjustmentsDiffer).toBe(false)
  })

  it('waits until both panes answered the same turn', () => {
    expect(
      compareSummary([pane('a', [turn('t1'), reply('r1', openai)]), pane('b', [turn('t1'), reply('r2')])]),
    ).toBeUndefined()
    expect(
      compareSummary([
        pane('a', [turn('t1'), reply('r1', openai)]),
        pane('b', [turn('t2'), reply('r2', openai)]),
      ]),
    ).toBeUndefined()
    expect(compareSummary([pane('a', [turn('t1'), reply('r1', openai)])])).toBeUndefined()
  })

  it('compares the final reply of a turn that went through tool results', () => {
    const view = compareSummary([
      pane('a', [
        turn('t1'),
        reply('call', { ...openai, finish: { unified: 'tool-calls', raw: 'tool_calls' } }),
        { id: 'tool', role: 'tool', toolCallId: 'c1', content: '{}' },
        reply('final', openai),
      ]),
      pane('b', [turn('t1'), reply('r2', anthropic)]),
    ])
    expect(view?.rows[0]?.values).toEqual(['stop · stop', 'stop · end_turn'])
  })
})

describe('compareSummary of replies that thought or read the cache', () => {
  it('adds reasoning tokens, thinking time and cache reads, marking estimates', () => {
    const low: Partial<ReplyRecord> = {
      ...openai,
      usage: { inputTokens: 2048, outputTokens: 300, reasoningTokens: 200, cacheReadTokens: 1920 },
      metrics: { ttftMs: 120, tokensPerSecond: 400, reasoningMs: 800, reasoningTokens: 200 },
    }
    const high: Partial<ReplyRecord> = {
      ...anthropic,
      usage: { inputTokens: 2048, outputTokens: 1500 },
      metrics: {
        ttftMs: 150,
        tokensPerSecond: 380,
        reasoningMs: 3200,
        reasoningTokens: 1300,
        reasoningTokensEstimated: true,
      },
    }
    const view = compareSummary([
      pane('a', [turn('t1'), reply('r1', low)]),
      pane('b', [turn('t1'), reply('r2', high)]),
    ])
    // After the timings and speed, before the points.
    expect(view?.rows.slice(5).map((row) => row.label)).toEqual([
      'Reasoning tokens',
      'Thinking time',
      'Cache read',
      'Points',
    ])
    expect(view?.rows.slice(5, 8)).toEqual([
      { label: 'Reasoning tokens', values: ['200', '~1,300'], differs: true },
      { label: 'Thinking time', values: ['800 ms', '3.20 s'], differs: true },
      { label: 'Cache read', values: ['1,920', '0'], differs: true },
    ])
  })
})

describe('compareSummary of four panes', () => {
  it('lists thinking for every pane once one of them thought, and the points of each', () => {
    const thought: Partial<ReplyRecord> = {
      ...anthropic,
      metrics: { ...anthropic.metrics, reasoningMs: 900, reasoningTokens: 40 },
    }
    const view = compareSummary([
      pane('a', [turn('t1'), reply('r1', openai)]),
      pane('b', [turn('t1'), reply('r2', anthropic)]),
      pane('c', [turn('t1'), reply('r3', thought)]),
      pane('d', [turn('t1'), reply('r4', openai)]),
    ])
    const rows = new Map(view?.rows.map((row) => [row.label, row.values]))
    expect(rows.get('Thinking time')).toEqual(['—', '—', '900 ms', '—'])
    expect(rows.get('Points')).toHaveLength(4)
    expect(rows.has('Cache read')).toBe(false)
  })
})

describe('compareSummary after a fork', () => {
  it('does not compare a reply with its own copy in a newly forked pane', () => {
    const answered = [turn('t1'), reply('r1', anthropic)]
    expect(compareSummary([pane('a', answered), pane('b', structuredClone(answered))])).toBeUndefined()
  })
})
