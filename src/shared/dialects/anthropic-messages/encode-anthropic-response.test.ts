import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ReasoningPart, RedactedReasoningPart, TextPart, ToolCallPart } from '../../chat/chat-request'
import type { ChatResult } from '../../chat/chat-result'
import { CONTEXT, FINISH_CASES, usageArb } from './__fixtures__/stream-part-scenarios'
import { encodeAnthropicResponse } from './encode-anthropic-response'
import { parseAnthropicResponse } from './parse-anthropic-response'

describe('encodeAnthropicResponse', () => {
  it('writes the B2 body with every required field, ids from the context', () => {
    const body = encodeAnthropicResponse(
      {
        id: 'chatcmpl-upstream',
        model: 'upstream-model',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'toolu_01XYZ', name: 'get_weather', arguments: '{"city":"Paris"}' },
        ],
        finish: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: { inputTokens: 480, outputTokens: 41, cacheReadTokens: 462 },
        status: 'completed',
      },
      CONTEXT,
    )
    expect(body).toEqual({
      id: 'msg_gw01TEST',
      type: 'message',
      role: 'assistant',
      model: 'vendorb3.8-Flash-Next',
      content: [
        // No `citations` key when there are none, as the API writes it (@ai-sdk/anthropic 3.x refuses null).
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_01XYZ', name: 'get_weather', input: { city: 'Paris' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 18,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 462,
        output_tokens: 41,
      },
      container: null,
    })
  })

  it('wraps invalid tool arguments, keeps thinking in place, and defaults the stop reason and usage', () => {
    const body = encodeAnthropicResponse(
      {
        content: [
          { type: 'reasoning', text: 'thinking…', signature: 'c2lnbmVk' },
          { type: 'redacted-reasoning', data: 'ZW5jcnlwdGVk' },
          { type: 'reasoning', text: 'unsigned' },
          { type: 'text', text: '' },
          { type: 'tool-call', id: '', name: 'f', arguments: '{"city": "Ro' },
        ],
        status: 'completed',
      },
      CONTEXT,
    )
    expect(body.content).toEqual([
      { type: 'thinking', thinking: 'thinking…', signature: 'c2lnbmVk' },
      { type: 'redacted_thinking', data: 'ZW5jcnlwdGVk' },
      // A reply translated from Chat Completions has no signature to give: the field stays, empty.
      { type: 'thinking', thinking: 'unsigned', signature: '' },
      { type: 'tool_use', id: 'toolu_gw01TEST_0', name: 'f', input: { rawInvalidInput: '{"city": "Ro' } },
    ])
    expect(body.stop_reason).toBe('end_turn')
    expect(body.usage).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
    })
  })

  it('round-trips through parseAnthropicResponse (modulo what Messages normalises)', () => {
    const text = fc
      .string({ unit: 'binary', maxLength: 15 })
      .map((t): TextPart => ({ type: 'text', text: t }))
    const argumentsText = fc.oneof(
      fc
        .dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
        .map((v) => JSON.stringify(v)),
      // Not a JSON object: travels as {"rawInvalidInput": …} and comes back as the same text.
      fc.string({ unit: 'binary', maxLength: 12 }),
    )
    const call = fc
      .record({
        id: fc.stringMatching(/^toolu_[a-zA-Z0-9_-]{1,8}$/),
        name: fc.stringMatching(/^[a-z_]{1,10}$/),
        arguments: argumentsText,
      })
      .map((c): ToolCallPart => ({ type: 'tool-call', ...c }))
    const thinking = fc.oneof(
      fc
        .record({
          text: fc.string({ unit: 'binary', maxLength: 10 }),
          signature: fc.base64String({ minLength: 4 }),
        })
        .map(({ text, signature }): ReasoningPart => ({ type: 'reasoning', text, signature })),
      fc
        .base64String({ minLength: 4 })
        .map((data): RedactedReasoningPart => ({ type: 'redacted-reasoning', data })),
    )
    const result = fc.record({
      content: fc.array(fc.oneof(text, call, thinking), { maxLength: 6 }),
      finish: fc.constantFrom(...FINISH_CASES.map((c) => c.expected)),
      usage: usageArb,
    })
    fc.assert(
      fc.property(result, ({ content, finish, usage }) => {
        const input: ChatResult = {
          id: CONTEXT.id,
          model: CONTEXT.model,
          content,
          finish,
          usage,
          status: 'completed',
        }
        const wire = JSON.parse(JSON.stringify(encodeAnthropicResponse(input, CONTEXT))) as unknown
        expect(parseAnthropicResponse(wire)).toEqual(normalise(input))
      }),
      { numRuns: 400 },
    )
  })
})

/**
 * What Messages cannot tell apart: adjacent text blocks (one text part), empty text (no block),
 * arguments that are a JSON object in other spelling or empty (compact JSON / `{}`), and absent cache
 * counters (always written, 0).
 */
function normalise(result: ChatResult): ChatResult {
  const content: ChatResult['content'] = []
  for (const part of result.content) {
    const last = content[content.length - 1]
    if (part.type === 'text') {
      if (part.text === '') continue
      if (last?.type === 'text') last.text += part.text
      else content.push({ ...part })
      continue
    }
    if (part.type !== 'tool-call') {
      content.push({ ...part })
      continue
    }
    let argumentsText = part.arguments
    try {
      const parsed: unknown = JSON.parse(part.arguments)
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        argumentsText = JSON.stringify(parsed)
    } catch {
      // stays raw
    }
    if (part.arguments.trim() === '') argumentsText = '{}'
    content.push({ ...part, arguments: argumentsText })
  }
  const usage = result.usage ?? { inputTokens: 0, outputTokens: 0 }
  return {
    ...result,
    content,
    usage: {
      ...usage,
      cacheReadTokens: usage.cacheReadTokens ?? 0,
      cacheWriteTokens: usage.cacheWriteTokens ?? 0,
    },
  }
}
