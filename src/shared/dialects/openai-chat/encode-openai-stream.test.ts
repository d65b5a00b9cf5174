import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { framesFromParts, partsFromChunks, sseText } from '@test/support/stream-parts'
import type { ChatResult } from '../../chat/chat-result'
import { reduceStreamParts } from '../../chat/reduce-stream-part'
import type { StreamPart } from '../../chat/stream-part'
import type { EncodeContext } from '../dialect'
import { parseSseText } from '../sse/sse-parser'
import { partSequence } from './__fixtures__/openai-arbitraries'
import { createOpenaiStreamEncoder } from './encode-openai-stream'
import { createOpenaiStreamParser } from './parse-openai-stream'

const context: EncodeContext = {
  id: 'chatcmpl-gw1',
  model: 'vendorb3.8-Flash-Next',
  created: 1735689600,
  includeUsage: true,
}

const encode = (parts: StreamPart[], ctx: EncodeContext = context, callEnd = true): string =>
  sseText(framesFromParts(createOpenaiStreamEncoder(ctx), parts, { end: callEnd }))

const reparse = (sse: string): ChatResult =>
  reduceStreamParts(partsFromChunks(createOpenaiStreamParser(), [sse]))

/** The JSON payloads of a stream, `[DONE]` kept as the string. */
const payloads = (sse: string): unknown[] =>
  parseSseText(sse).map((event) => (event.data === '[DONE]' ? '[DONE]' : JSON.parse(event.data)))

const envelope = {
  id: 'chatcmpl-gw1',
  object: 'chat.completion.chunk',
  created: 1735689600,
  model: 'vendorb3.8-Flash-Next',
}
const chunkWith = (delta: object, finishReason: string | null = null, usage: boolean = true) => ({
  ...envelope,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  ...(usage ? { usage: null } : {}),
})

describe('createOpenaiStreamEncoder writes A3 streams', () => {
  it('writes a text reply exactly as A3.3: role chunk, content, finish, usage chunk, [DONE]', () => {
    const sse = encode([
      { type: 'start', id: 'msg_upstream', model: 'upstream-model' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' wörld 👋' },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 4 } },
      { type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } },
      { type: 'end' },
    ])
    expect(sse).toBe(
      [
        `data: ${JSON.stringify(chunkWith({ role: 'assistant', content: '' }))}`,
        `data: ${JSON.stringify(chunkWith({ content: 'Hello' }))}`,
        `data: ${JSON.stringify(chunkWith({ content: ' wörld 👋' }))}`,
        `data: ${JSON.stringify(chunkWith({}, 'stop'))}`,
        `data: ${JSON.stringify({
          ...envelope,
          choices: [],
          usage: {
            prompt_tokens: 12,
            completion_tokens: 4,
            total_tokens: 16,
            prompt_tokens_details: { cached_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0 },
          },
        })}`,
        'data: [DONE]',
      ]
        .map((line) => line + '\n\n')
        .join(''),
    )
  })

  it('opens a tool reply with content null and the first header, then argument fragments (A3.4)', () => {
    const sse = encode(
      [
        { type: 'tool-call-start', index: 0, id: 'toolu_01', name: 'get_weather' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
        { type: 'tool-call-end', index: 0 },
        { type: 'tool-call-start', index: 1, id: 'toolu_02', name: 'get_time' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"CET"}' },
        { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_use' } },
        { type: 'end' },
      ],
      { ...context, includeUsage: false },
    )
    expect(payloads(sse)).toEqual([
      chunkWith(
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { index: 0, id: 'toolu_01', type: 'function', function: { name: 'get_weather', arguments: '' } },
          ],
        },
        null,
        false,
      ),
      chunkWith({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }, null, false),
      chunkWith({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, null, false),
      chunkWith(
        {
          tool_calls: [
            { index: 1, id: 'toolu_02', type: 'function', function: { name: 'get_time', arguments: '' } },
          ],
        },
        null,
        false,
      ),
      chunkWith({ tool_calls: [{ index: 1, function: { arguments: '{"tz":"CET"}' } }] }, null, false),
      chunkWith({}, 'tool_calls', false),
      '[DONE]',
    ])
  })

  it('without include_usage writes no usage key and no usage chunk, even when usage is known', () => {
    const sse = encode(
      [
        { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } },
        { type: 'text-delta', text: 'x' },
        { type: 'end' },
      ],
      { ...context, includeUsage: false },
    )
    for (const payload of payloads(sse)) {
      if (payload === '[DONE]') continue
      expect(payload).not.toHaveProperty('usage')
      expect((payload as { choices: unknown[] }).choices).toHaveLength(1)
    }
  })

  it('holds usage that arrives before any content until the end', () => {
    const all = payloads(
      encode([
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 0, cacheReadTokens: 2 } },
        { type: 'text-delta', text: 'hi' },
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 5, cacheReadTokens: 2, reasoningTokens: 1 } },
        { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
        { type: 'end' },
      ]),
    )
    const usageChunks = all.filter((p) => p !== '[DONE]' && (p as { usage: unknown }).usage !== null)
    expect(usageChunks).toEqual([
      {
        ...envelope,
        choices: [],
        usage: {
          prompt_tokens: 3,
          completion_tokens: 5,
          total_tokens: 8,
          prompt_tokens_details: { cached_tokens: 2 },
          completion_tokens_details: { reasoning_tokens: 1 },
        },
      },
    ])
    expect(all.at(-2)).toBe(usageChunks[0])
  })

  it('writes an empty reply as role chunk, finish and [DONE]', () => {
    expect(payloads(encode([{ type: 'end' }], { ...context, includeUsage: false }))).toEqual([
      chunkWith({ role: 'assistant', content: '' }, null, false),
      chunkWith({}, 'stop', false),
      '[DONE]',
    ])
  })

  it('writes a finish reason when the parts had none: tool_calls after a call, else stop', () => {
    const toolOnly = reparse(
      encode([{ type: 'tool-call-start', index: 0, id: 'c', name: 'f' }, { type: 'end' }]),
    )
    expect(toolOnly.finish).toEqual({ unified: 'tool-calls', raw: 'tool_calls' })
    expect(reparse(encode([{ type: 'text-delta', text: 'x' }, { type: 'end' }])).finish).toEqual({
      unified: 'stop',
      raw: 'stop',
    })
  })

  it.each([
    [{ unified: 'stop', raw: 'end_turn' }, 'stop'],
    [{ unified: 'stop', raw: 'stop_sequence', stopSequence: 'END' }, 'stop'],
    [{ unified: 'length', raw: 'max_tokens' }, 'length'],
    [{ unified: 'tool-calls', raw: 'tool_use' }, 'tool_calls'],
    [{ unified: 'content-filter', raw: 'refusal' }, 'content_filter'],
    [{ unified: 'stop', raw: 'pause_turn' }, 'stop'],
    [{ unified: 'other', raw: 'compaction' }, 'stop'],
    [{ unified: 'error', raw: 'error' }, 'stop'],
    [{ unified: 'tool-calls', raw: 'function_call' }, 'function_call'],
    [{ unified: 'stop', raw: 'length' }, 'stop'],
  ] as const)('maps finish %j to %s', (reason, expected) => {
    const all = payloads(encode([{ type: 'finish', reason }, { type: 'end' }]))
    const finishes = all.flatMap((p) =>
      p === '[DONE]'
        ? []
        : (p as { choices: Array<{ finish_reason: string | null }> }).choices.map((c) => c.finish_reason),
    )
    expect(finishes.filter((f) => f !== null)).toEqual([expected])
  })

  it('holds argument fragments that come before their call header', () => {
    const sse = encode([
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '1}' },
      { type: 'tool-call-start', index: 0, id: 'call_late', name: 'late' },
      { type: 'end' },
    ])
    const calls = payloads(sse).flatMap((p) =>
      p === '[DONE]'
        ? []
        : (p as { choices: Array<{ delta: { tool_calls?: unknown[] } }> }).choices.flatMap(
            (c) => c.delta.tool_calls ?? [],
          ),
    )
    expect(calls[0]).toEqual({
      index: 0,
      id: 'call_late',
      type: 'function',
      function: { name: 'late', arguments: '' },
    })
    expect(reparse(sse).content).toEqual([
      { type: 'tool-call', id: 'call_late', name: 'late', arguments: '{"a":1}' },
    ])
  })

  it('keeps interleaved calls and text after a call apart and in order', () => {
    const result = reparse(
      encode([
        { type: 'tool-call-start', index: 0, id: 'a', name: 'fa' },
        { type: 'tool-call-start', index: 1, id: 'b', name: 'fb' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{"b"' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a"' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: ':2}' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: ':1}' },
        { type: 'text-delta', text: 'after' },
        { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
        { type: 'end' },
      ]),
    )
    expect(result.content).toEqual([
      { type: 'tool-call', id: 'a', name: 'fa', arguments: '{"a":1}' },
      { type: 'tool-call', id: 'b', name: 'fb', arguments: '{"b":2}' },
      { type: 'text', text: 'after' },
    ])
  })

  it('ends with the in-band error form and writes nothing after it', () => {
    const encoder = createOpenaiStreamEncoder(context)
    encoder.push({ type: 'text-delta', text: 'partial' })
    const frames = encoder.push({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' },
    })
    expect(frames).toEqual([
      { data: '{"error":{"message":"Overloaded","type":"server_error","param":null,"code":"overloaded"}}' },
    ])
    expect(encoder.push({ type: 'text-delta', text: 'more' })).toEqual([])
    expect(encoder.push({ type: 'end' })).toEqual([])
    expect(encoder.end()).toEqual([])
  })

  it('keeps an error already in OpenAI terms, and one without a kind, as it is', () => {
    const tokens = createOpenaiStreamEncoder(context).push({
      type: 'error',
      error: { type: 'tokens', message: 'TPM', code: 'rate_limit_exceeded', kind: 'rate_limit' },
    })
    expect(tokens).toEqual([
      { data: '{"error":{"message":"TPM","type":"tokens","param":null,"code":"rate_limit_exceeded"}}' },
    ])
    const unknown = createOpenaiStreamEncoder(context).push({
      type: 'error',
      error: { type: 'weird', message: 'm' },
    })
    expect(unknown).toEqual([{ data: '{"error":{"message":"m","type":"weird","param":null,"code":null}}' }])
  })

  it('writes an in-band error when the parts stop without end or error (the upstream dropped)', () => {
    const sse = encode([{ type: 'text-delta', text: 'cut' }])
    expect(payloads(sse).at(-1)).toEqual({
      error: {
        message: 'The upstream stream ended before completion.',
        type: 'server_error',
        param: null,
        code: null,
      },
    })
    const result = reparse(sse)
    expect(result.status).toBe('provider_error')
    expect(result.content).toEqual([{ type: 'text', text: 'cut' }])
  })

  it('writes only JSON data lines and [DONE], every chunk with the full envelope', () => {
    fc.assert(
      fc.property(partSequence, fc.boolean(), ({ parts }, includeUsage) => {
        const sse = encode(parts, { ...context, includeUsage })
        for (const event of parseSseText(sse)) {
          expect(event.event).toBeUndefined()
          if (event.data === '[DONE]') continue
          const payload = JSON.parse(event.data)
          if ('error' in payload) continue
          expect(payload).toMatchObject(envelope)
          for (const choice of payload.choices) {
            expect(choice).toMatchObject({ index: 0, logprobs: null })
            expect(choice).toHaveProperty('finish_reason')
          }
          expect('usage' in payload).toBe(includeUsage)
        }
      }),
      { numRuns: 200 },
    )
  })
})

describe('encode → parse round trip', () => {
  // What Chat Completions cannot carry, and so what the expected result gives up: the reply's id and
  // model are the gateway's (context), usage only travels with include_usage on a stream that ends
  // normally, and it always carries cached_tokens and reasoning_tokens (absent counts read back as 0).
  // Finish reasons here are OpenAI's own, which round-trip unchanged (the others: the mapping test).
  it('reduces to the reduction of the input parts', () => {
    fc.assert(
      fc.property(partSequence, fc.boolean(), ({ parts, terminal }, includeUsage) => {
        const expected = reduceStreamParts(parts)
        expected.id = context.id
        expected.model = context.model
        if (!includeUsage || terminal !== 'end' || expected.usage === undefined) delete expected.usage
        else {
          expected.usage.cacheReadTokens ??= 0
          expected.usage.reasoningTokens ??= 0
        }
        if (terminal === 'dropped') {
          expected.status = 'provider_error'
          expected.error = {
            type: 'server_error',
            message: 'The upstream stream ended before completion.',
            code: null,
            param: null,
            kind: 'server_error',
          }
        }
        expect(reparse(encode(parts, { ...context, includeUsage }))).toEqual(expected)
      }),
      { numRuns: 400 },
    )
  })
})
