import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitEvery, utf8 } from '@test/support/chunking'
import { framesFromParts, partsFromChunks, sseText } from '@test/support/stream-parts'
import { reduceStreamParts } from '../../chat/reduce-stream-part'
import type { StreamPart } from '../../chat/stream-part'
import type { SseFrame } from '../sse/sse-message'
import {
  CONTEXT,
  checkMessagesStreamGrammar,
  expectedAfterRoundTrip,
  scenarioArb,
} from './__fixtures__/stream-part-scenarios'
import { streamFixture } from './__fixtures__/load-anthropic-fixtures'
import { createAnthropicStreamEncoder, UPSTREAM_ENDED_MESSAGE } from './encode-anthropic-stream'
import { createAnthropicStreamParser } from './parse-anthropic-stream'

/** Run parts through the encoder, `end()` included, as the gateway does. */
const encode = (parts: StreamPart[]): SseFrame[] =>
  framesFromParts(createAnthropicStreamEncoder(CONTEXT), parts)

/** What a client of this dialect makes of the bytes (7-byte pieces: nothing relies on framing luck). */
const parseBack = (frames: SseFrame[]): StreamPart[] =>
  partsFromChunks(createAnthropicStreamParser(), splitEvery(utf8(sseText(frames)), 7))

const events = (frames: SseFrame[]): string[] =>
  frames.map((f) => ('event' in f ? String(f.event) : 'comment'))
const json = (frame: SseFrame | undefined): Record<string, unknown> =>
  frame !== undefined && 'data' in frame ? (JSON.parse(frame.data) as Record<string, unknown>) : {}

describe('createAnthropicStreamEncoder', () => {
  it('writes B3 exactly: event lines and JSON type, usage objects, blocks, held message_delta, message_stop', () => {
    const frames = encode([
      { type: 'start', id: 'msg_upstream', model: 'upstream-model' },
      {
        type: 'usage',
        usage: { inputTokens: 500, outputTokens: 1, cacheReadTokens: 462, cacheWriteTokens: 20 },
      },
      { type: 'text-delta', text: 'Checking wörld 👋' },
      { type: 'tool-call-start', index: 0, id: 'toolu_01XYZ', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: ' "Paris"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_use' } },
      {
        type: 'usage',
        usage: { inputTokens: 500, outputTokens: 41, cacheReadTokens: 462, cacheWriteTokens: 20 },
      },
      { type: 'end' },
    ])
    expect(sseText(frames)).toBe(streamFixture('encoded-text-then-tool.sse'))
  })

  it('opens the message as soon as the prompt usage is known, before content; input_tokens excludes cache', () => {
    const encoder = createAnthropicStreamEncoder(CONTEXT)
    expect(encoder.push({ type: 'start', id: 'x' })).toEqual([])
    const opening = encoder.push({
      type: 'usage',
      usage: { inputTokens: 10, outputTokens: 1, cacheReadTokens: 4 },
    })
    // message_start goes out now, so a slow first token is preceded by it, not by keep-alives (E.4).
    expect(events(opening)).toEqual(['message_start'])
    expect((json(opening[0])['message'] as Record<string, unknown>)['usage']).toEqual({
      input_tokens: 6,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 4,
      output_tokens: 1,
    })
    expect(events(encoder.push({ type: 'text-delta', text: 'Hi' }))).toEqual([
      'content_block_start',
      'content_block_delta',
    ])
  })

  it('carries usage that only arrives at the end (OpenAI include_usage) in message_delta, after the finish', () => {
    const frames = encode([
      { type: 'text-delta', text: 'Hi' },
      { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
      { type: 'usage', usage: { inputTokens: 30, outputTokens: 5, cacheReadTokens: 10, reasoningTokens: 2 } },
      { type: 'end' },
    ])
    checkMessagesStreamGrammar(frames)
    expect((json(frames[0])['message'] as Record<string, unknown>)['usage']).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
    })
    expect(json(frames.at(-2))).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: {
        input_tokens: 20,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 10,
        output_tokens: 5,
        output_tokens_details: { thinking_tokens: 2 },
      },
    })
    expect(reduceStreamParts(parseBack(frames)).usage).toEqual({
      inputTokens: 30,
      outputTokens: 5,
      cacheReadTokens: 10,
      cacheWriteTokens: 0,
      reasoningTokens: 2,
    })
  })

  it('writes interleaved tool calls as sequential blocks, in order of appearance, nothing lost', () => {
    const frames = encode([
      { type: 'tool-call-start', index: 0, id: 'call_a', name: 'f' },
      { type: 'tool-call-start', index: 1, id: 'call_b', name: 'g' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"b":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' },
      { type: 'text-delta', text: 'while calling' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '2}' },
      { type: 'tool-call-end', index: 1 },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
      { type: 'end' },
    ])
    checkMessagesStreamGrammar(frames)
    expect(reduceStreamParts(parseBack(frames)).content).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'f', arguments: '{"a":1}' },
      { type: 'tool-call', id: 'call_b', name: 'g', arguments: '{"b":2}' },
      { type: 'text', text: 'while calling' },
    ])
  })

  it('streams the open tool call live, and text after a tool call opens a new text block', () => {
    const encoder = createAnthropicStreamEncoder(CONTEXT)
    encoder.push({ type: 'text-delta', text: 'a' })
    encoder.push({ type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'f' })
    expect(events(encoder.push({ type: 'tool-call-delta', index: 0, argumentsDelta: '{}' }))).toEqual([
      'content_block_delta',
    ])
    const afterEnd = encoder.push({ type: 'tool-call-end', index: 0 })
    expect(events(afterEnd)).toEqual(['content_block_stop'])
    const text = encoder.push({ type: 'text-delta', text: 'b' })
    expect(text.map(json).map((j) => [j['type'], j['index']])).toEqual([
      ['content_block_start', 2],
      ['content_block_delta', 2],
    ])
  })

  it('waits for the header of a call whose arguments came first, then writes it whole', () => {
    const frames = encode([
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":"x"}' },
      { type: 'text-delta', text: 'later' },
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'search' },
      { type: 'end' },
    ])
    checkMessagesStreamGrammar(frames)
    expect(reduceStreamParts(parseBack(frames)).content).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'search', arguments: '{"q":"x"}' },
      { type: 'text', text: 'later' },
    ])
  })

  it('invents a stable Messages id when the upstream gave none, and makes foreign ids safe', () => {
    const frames = encode([
      { type: 'tool-call-start', index: 0, id: '', name: 'f' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: 'call.1', name: 'g' },
      { type: 'end' },
    ])
    const ids = reduceStreamParts(parseBack(frames)).content.map((c) => (c.type === 'tool-call' ? c.id : ''))
    expect(ids).toEqual(['toolu_gw01TEST_0', 'call_1'])
  })

  it('writes reasoning as a thinking block', () => {
    const frames = encode([
      { type: 'reasoning-delta', text: 'hmm' },
      { type: 'text-delta', text: 'ok' },
      { type: 'end' },
    ])
    expect(json(frames[1])).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    })
    expect(reduceStreamParts(parseBack(frames))).toMatchObject({
      content: [
        { type: 'reasoning', text: 'hmm' },
        { type: 'text', text: 'ok' },
      ],
    })
  })

  it('ends a thinking block with its one signature_delta, and writes redacted thinking whole', () => {
    const frames = encode([
      { type: 'reasoning-delta', text: 'Let me ' },
      { type: 'reasoning-delta', text: 'think.' },
      { type: 'reasoning-signature', signature: 'c2ln' },
      { type: 'redacted-reasoning', data: 'cmVk' },
      // Display "omitted": a signature with no text before it is a block of its own.
      { type: 'reasoning-signature', signature: 'b21pdA==' },
      { type: 'text-delta', text: 'ok' },
      { type: 'end' },
    ])
    const blockEvents = frames
      .map((frame) => json(frame))
      .filter((data) => String(data['type']).startsWith('content_block'))
      .map((data) => {
        const block = (data['content_block'] ?? data['delta']) as Record<string, unknown> | undefined
        return `${String(data['type'])}:${String(data['index'])}${block ? `:${String(block['type'])}` : ''}`
      })
    expect(blockEvents).toEqual([
      'content_block_start:0:thinking',
      'content_block_delta:0:thinking_delta',
      'content_block_delta:0:thinking_delta',
      'content_block_delta:0:signature_delta',
      'content_block_stop:0',
      'content_block_start:1:redacted_thinking',
      'content_block_stop:1',
      'content_block_start:2:thinking',
      'content_block_delta:2:signature_delta',
      'content_block_stop:2',
      'content_block_start:3:text',
      'content_block_delta:3:text_delta',
      'content_block_stop:3',
    ])
    expect(reduceStreamParts(parseBack(frames)).content).toEqual([
      { type: 'reasoning', text: 'Let me think.', signature: 'c2ln' },
      { type: 'redacted-reasoning', data: 'cmVk' },
      { type: 'reasoning', text: '', signature: 'b21pdA==' },
      { type: 'text', text: 'ok' },
    ])
  })

  it('gives an empty reply the full envelope, stop_reason end_turn when no finish came', () => {
    for (const parts of [
      [{ type: 'end' }],
      [{ type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } }, { type: 'end' }],
    ] as StreamPart[][]) {
      const frames = encode(parts)
      expect(events(frames)).toEqual(['message_start', 'message_delta', 'message_stop'])
      expect(json(frames[1])['delta']).toEqual({ stop_reason: 'end_turn', stop_sequence: null })
      expect(json(frames[1])['usage']).toEqual({ output_tokens: 0 })
    }
  })

  it('keeps a Messages stop reason from a same-dialect upstream, maps a foreign one by meaning', () => {
    const stopOf = (reason: {
      unified: 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'other' | 'error'
      raw: string
      stopSequence?: string
    }) => json(encode([{ type: 'finish', reason }, { type: 'end' }])[1])['delta']
    expect(stopOf({ unified: 'other', raw: 'pause_turn' })).toEqual({
      stop_reason: 'pause_turn',
      stop_sequence: null,
    })
    expect(stopOf({ unified: 'length', raw: 'model_context_window_exceeded' })).toEqual({
      stop_reason: 'model_context_window_exceeded',
      stop_sequence: null,
    })
    expect(stopOf({ unified: 'stop', raw: 'stop', stopSequence: '##' })).toEqual({
      stop_reason: 'stop_sequence',
      stop_sequence: '##',
    })
    expect(stopOf({ unified: 'length', raw: 'length' })).toEqual({
      stop_reason: 'max_tokens',
      stop_sequence: null,
    })
    expect(stopOf({ unified: 'content-filter', raw: 'content_filter' })).toEqual({
      stop_reason: 'refusal',
      stop_sequence: null,
    })
    // `end_turn` claims unified stop; a part saying `other` with that raw is re-mapped from `other`.
    expect(stopOf({ unified: 'other', raw: 'max_tokens' })).toEqual({
      stop_reason: 'end_turn',
      stop_sequence: null,
    })
  })

  it('turns an error part into event: error and writes nothing after it', () => {
    const encoder = createAnthropicStreamEncoder(CONTEXT)
    encoder.push({ type: 'text-delta', text: 'partial' })
    const frames = encoder.push({
      type: 'error',
      error: { type: 'server_error', message: 'Upstream broke', kind: 'server_error' },
    })
    expect(events(frames)).toEqual(['content_block_stop', 'error'])
    expect(json(frames[1])).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'Upstream broke' },
    })
    expect(encoder.push({ type: 'text-delta', text: 'more' })).toEqual([])
    expect(encoder.push({ type: 'end' })).toEqual([])
    expect(encoder.end()).toEqual([])
  })

  it('never stops without a terminal event: an upstream that just ends becomes an in-band error', () => {
    const frames = encode([
      { type: 'text-delta', text: 'cut' },
      { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'f' },
    ])
    checkMessagesStreamGrammar(frames)
    expect(json(frames.at(-1))).toEqual({
      type: 'error',
      error: { type: 'api_error', message: UPSTREAM_ENDED_MESSAGE },
    })
    const result = reduceStreamParts(parseBack(frames))
    expect(result.status).toBe('provider_error')
    expect(result.error).toMatchObject({ kind: 'server_error' })
    expect(events(encode([]))).toEqual(['message_start', 'error'])
  })

  it('never invents event types: raw parts are not forwarded', () => {
    const frames = encode([{ type: 'raw', event: { event: 'future_event', data: '{}' } }, { type: 'end' }])
    expect(events(frames)).toEqual(['message_start', 'message_delta', 'message_stop'])
  })
})

describe('createAnthropicStreamEncoder properties', () => {
  it('writes a valid Messages stream for any legal part sequence, whichever dialect parsed it', () => {
    for (const terminal of ['end', 'error'] as const) {
      fc.assert(
        fc.property(scenarioArb({ jsonArguments: false, terminal }), (scenario) => {
          checkMessagesStreamGrammar(encode(scenario.parts))
        }),
        { numRuns: 300 },
      )
    }
  })

  it('round-trips through its own parser: the reduction equals the input reduction (modulo the dialect)', () => {
    for (const terminal of ['end', 'error'] as const) {
      fc.assert(
        fc.property(scenarioArb({ jsonArguments: false, terminal }), (scenario) => {
          const result = reduceStreamParts(parseBack(encode(scenario.parts)))
          if (terminal === 'error') delete result.usage
          expect(result).toEqual(expectedAfterRoundTrip(scenario))
        }),
        { numRuns: 300 },
      )
    }
  })
})
