import { describe, expect, it } from 'vitest'
import { DIALECT_IDS } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import { temperatureMax, temperatureRange, TOP_P_MAX, type PaneTarget } from './dialect-ranges'

/** What a dialect actually sends for a given value (the truth the table must agree with). */
function sent(dialect: (typeof DIALECT_IDS)[number], field: 'temperature' | 'topP', value: number): unknown {
  const { http } = dialects[dialect].buildRequest(
    { model: 'm', messages: [], stream: false, [field]: value },
    { baseUrl: 'http://127.0.0.1/v1', apiKey: 'k' },
  )
  return (JSON.parse(http.body ?? '{}') as Record<string, unknown>)[field === 'topP' ? 'top_p' : field]
}

const openai: PaneTarget = {
  label: 'Pane 1',
  dialect: 'openai-chat',
  dialectLabel: 'OpenAI (chat completions)',
}
const messages: PaneTarget = {
  label: 'Pane 2',
  dialect: 'anthropic-messages',
  dialectLabel: 'Anthropic (messages)',
}

describe('dialect ranges', () => {
  it.each(DIALECT_IDS)('%s: the slider maximum is where the dialect clamps', (dialect) => {
    expect(sent(dialect, 'temperature', 100)).toBe(temperatureMax(dialect))
    expect(sent(dialect, 'temperature', temperatureMax(dialect))).toBe(temperatureMax(dialect))
    expect(sent(dialect, 'topP', 5)).toBe(TOP_P_MAX)
  })

  it('spans 0–2 for Chat Completions and 0–1 for Messages alone, with nothing to note', () => {
    expect(temperatureRange([openai], 1.5)).toEqual({ max: 2, notes: [] })
    expect(temperatureRange([{ ...messages, label: 'Pane 1' }], 0.5)).toEqual({ max: 1, notes: [] })
  })

  it('spans 0–2 with both dialects and says which pane clamps, and to what', () => {
    expect(temperatureRange([openai, messages], 1.5)).toEqual({
      max: 2,
      notes: ['Pane 2 (Anthropic (messages)) will send temperature 1, clamped from 1.5: it accepts 0–1.'],
    })
    expect(temperatureRange([openai, messages], 0.7).notes).toEqual([
      'Pane 2 (Anthropic (messages)) accepts 0–1: a value above 1 is clamped to 1 there.',
    ])
  })
})
