import { describe, expect, it } from 'vitest'
import { eventGist } from './event-gist'

describe('eventGist', () => {
  it('shows the delta of a Chat Completions chunk, not the id every chunk starts with', () => {
    const chunk = {
      id: 'chatcmpl-R7tHqXYZ',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Hello' }, finish_reason: null }],
    }
    expect(eventGist(JSON.stringify(chunk))).toBe('"Hello"')
    const last = { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }
    expect(eventGist(JSON.stringify(last))).toBe('finish stop')
    const usage = { ...chunk, choices: [], usage: { prompt_tokens: 12, completion_tokens: 40 } }
    expect(eventGist(JSON.stringify(usage))).toBe('usage in 12 · out 40')
    const tool = {
      ...chunk,
      choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'get_weather', arguments: '' } }] } }],
    }
    expect(eventGist(JSON.stringify(tool))).toBe('tool get_weather')
  })

  it('shows what a Messages event carries', () => {
    expect(
      eventGist(
        JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
      ),
    ).toBe('"Hi"')
    expect(
      eventGist(
        JSON.stringify({
          type: 'message_delta',
          delta: { stop_reason: 'end_turn' },
          usage: { output_tokens: 9 },
        }),
      ),
    ).toBe('stop end_turn · usage out 9')
    expect(
      eventGist(
        JSON.stringify({
          type: 'content_block_start',
          index: 1,
          content_block: { type: 'tool_use', name: 'f' },
        }),
      ),
    ).toBe('start tool_use f')
    expect(eventGist(JSON.stringify({ type: 'ping' }))).toBe('ping')
  })

  it('says a delta is thinking, in either dialect, so it is not read as the reply', () => {
    const chunk = { id: 'c', choices: [{ index: 0, delta: { reasoning_content: 'Let me see.' } }] }
    expect(eventGist(JSON.stringify(chunk))).toBe('thinking "Let me see."')
    const event = {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'Hmm.' },
    }
    expect(eventGist(JSON.stringify(event))).toBe('thinking "Hmm."')
  })

  it('shows anything else as it came', () => {
    expect(eventGist('[DONE]')).toBe('[DONE]')
    expect(eventGist('{"unexpected": true}')).toBe('{"unexpected": true}')
  })
})
