import { describe, expect, it } from 'vitest'
import { bodyFixture } from './__fixtures__/load-openai-fixtures'
import { parseOpenaiResponse } from './parse-openai-response'

const fixtureJson = (name: string): unknown => JSON.parse(bodyFixture(name))

describe('parseOpenaiResponse', () => {
  it('reads the A2 tool-call reply: null content, the call, finish and usage with cached tokens', () => {
    expect(parseOpenaiResponse(fixtureJson('response-tool-calls.json'))).toEqual({
      id: 'chatcmpl-abc123',
      model: 'gpt-4o-mini-2024-07-18',
      content: [{ type: 'tool-call', id: 'call_Xy12', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      finish: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: { inputTokens: 82, outputTokens: 17, cacheReadTokens: 64, reasoningTokens: 0 },
      status: 'completed',
    })
  })

  it('reads a text reply with multi-byte characters', () => {
    expect(parseOpenaiResponse(fixtureJson('response-text.json'))).toEqual({
      id: 'chatcmpl-txt001',
      model: 'gpt-4o-mini-2024-07-18',
      content: [{ type: 'text', text: 'Hello wörld 👋' }],
      finish: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: 12, outputTokens: 4, cacheReadTokens: 0, reasoningTokens: 0 },
      status: 'completed',
    })
  })

  it('tolerates compatible servers: content as parts, reasoning_content, a call without id, odd usage', () => {
    expect(parseOpenaiResponse(fixtureJson('response-compat.json'))).toEqual({
      id: 'chatcmpl-cmp002',
      model: 'deepseek-reasoner',
      content: [
        { type: 'reasoning', text: '2 + 2 is 4.' },
        { type: 'text', text: 'The answer is 4.' },
        { type: 'tool-call', id: 'call_0', name: 'record', arguments: '{"n":4}' },
      ],
      finish: { unified: 'length', raw: 'length' },
      // `completion_tokens: "many"` is ignored, not fatal.
      usage: { inputTokens: 10, outputTokens: 0 },
      status: 'completed',
    })
  })

  it('shows a refusal as the reply text', () => {
    expect(parseOpenaiResponse(fixtureJson('response-refusal.json')).content).toEqual([
      { type: 'text', text: "I can't help with that." },
    ])
  })

  it('turns a 200 body holding an error into a provider error', () => {
    const result = parseOpenaiResponse({ error: { message: 'boom', type: 'server_error', code: null } })
    expect(result.status).toBe('provider_error')
    expect(result.error).toEqual({
      type: 'server_error',
      message: 'boom',
      code: null,
      param: null,
      kind: 'server_error',
    })
  })

  it('never throws on bodies that are not a completion', () => {
    for (const body of [null, 42, 'text', [], {}, { choices: 'no' }, { choices: [null, 5] }]) {
      expect(parseOpenaiResponse(body)).toEqual({ content: [], status: 'completed' })
    }
  })
})
