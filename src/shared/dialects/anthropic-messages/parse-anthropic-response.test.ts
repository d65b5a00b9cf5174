import { describe, expect, it } from 'vitest'
import { bodyFixture } from './__fixtures__/load-anthropic-fixtures'
import { parseAnthropicResponse } from './parse-anthropic-response'

const fixtureJson = (name: string): unknown => JSON.parse(bodyFixture(name))

describe('parseAnthropicResponse', () => {
  it('reads text and two tool calls in order, with the stop reason and cache-inclusive usage (B2)', () => {
    expect(parseAnthropicResponse(fixtureJson('response-tool-use.json'))).toEqual({
      id: 'msg_01DEF',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'toolu_01XYZ', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'tool-call', id: 'toolu_01ABC', name: 'get_time', arguments: '{}' },
      ],
      finish: { unified: 'tool-calls', raw: 'tool_use' },
      // input_tokens 18 excludes the 462 cached tokens; the canonical count includes them.
      usage: { inputTokens: 480, outputTokens: 41, cacheReadTokens: 462, cacheWriteTokens: 0 },
      status: 'completed',
    })
  })

  it('joins adjacent text blocks, keeps thinking and redacted thinking in place with their signature and data, names the stop sequence, skips what has no canonical form', () => {
    expect(parseAnthropicResponse(fixtureJson('response-thinking-stop-sequence.json'))).toEqual({
      id: 'msg_04STS',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'reasoning', text: 'Count to three.', signature: 'EqQBCgIYAhIM' },
        { type: 'redacted-reasoning', data: 'EmwKAhgB' },
        { type: 'text', text: '1, 2, 3 wörld 👋' },
      ],
      finish: { unified: 'stop', raw: 'stop_sequence', stopSequence: 'STOP' },
      usage: { inputTokens: 20, outputTokens: 15, reasoningTokens: 6 },
      status: 'completed',
    })
  })

  it('tolerates a compatible server that omits fields and sends junk blocks; unwraps rawInvalidInput', () => {
    expect(parseAnthropicResponse(fixtureJson('response-compatible-minimal.json'))).toEqual({
      id: 'msg_min',
      model: 'vendorb3.8-Flash-Next',
      content: [
        { type: 'text', text: 'Hi' },
        // The wrapper this gateway writes for arguments that were never valid JSON: the raw text returns.
        { type: 'tool-call', id: 'toolu_1', name: 'f', arguments: '{not json' },
      ],
      finish: { unified: 'length', raw: 'max_tokens' },
      usage: { inputTokens: 3, outputTokens: 2 },
      status: 'completed',
    })
  })

  it('reports an error body sent with a 200 as a provider error instead of an empty reply', () => {
    const result = parseAnthropicResponse(fixtureJson('error-overloaded.json'))
    expect(result.status).toBe('provider_error')
    expect(result.error).toEqual({
      type: 'overloaded_error',
      message: 'Overloaded',
      kind: 'overloaded',
      requestId: 'req_011OVL',
    })
  })

  it('does not throw on a body that is not an object', () => {
    for (const junk of [null, 42, 'text', [1, 2]]) {
      const result = parseAnthropicResponse(junk)
      expect(result.status).toBe('provider_error')
      expect(result.content).toEqual([])
    }
  })
})
