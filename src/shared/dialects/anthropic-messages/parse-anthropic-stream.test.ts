import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryChunking, splitEvery, utf8, withLineEndings } from '@test/support/chunking'
import { partsFromChunks } from '@test/support/stream-parts'
import type { ChatResult } from '../../chat/chat-result'
import { reduceStreamParts } from '../../chat/reduce-stream-part'
import type { StreamPart } from '../../chat/stream-part'
import { anthropicStreamFixtures, streamFixture as fixture } from './__fixtures__/load-anthropic-fixtures'
import { createAnthropicStreamParser } from './parse-anthropic-stream'

/** Bytes → SSE events → parts, exactly as a client would run it, including end() at EOF. */
const parseChunks = (chunks: Array<Uint8Array | string>): StreamPart[] =>
  partsFromChunks(createAnthropicStreamParser(), chunks)

const MODEL = 'claude-sonnet-4-5'

type Case = { name: string; parts: unknown[]; result: Partial<ChatResult> }

/** What the encoder must write byte for byte (encode-anthropic-stream.test.ts), not a parser case. */
const ENCODER_GOLDEN_FILE = 'encoded-text-then-tool.sse'

/** Each fixture with the exact parts a client must see and what the reply reduces to. */
const CASES: Case[] = [
  {
    name: 'text.sse',
    parts: [
      { type: 'start', id: 'msg_01ABC', model: MODEL },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 } },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' wörld 👋' },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 6, cacheReadTokens: 0, cacheWriteTokens: 0 } },
      { type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } },
      { type: 'end' },
    ],
    result: {
      id: 'msg_01ABC',
      model: MODEL,
      content: [{ type: 'text', text: 'Hello wörld 👋' }],
      usage: { inputTokens: 12, outputTokens: 6, cacheReadTokens: 0, cacheWriteTokens: 0 },
      finish: { unified: 'stop', raw: 'end_turn' },
      status: 'completed',
    },
  },
  {
    name: 'text-then-tool.sse',
    parts: [
      { type: 'start', id: 'msg_01DEF', model: MODEL },
      { type: 'usage', usage: { inputTokens: 480, outputTokens: 2 } },
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 0, id: 'toolu_01XYZ', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city": "Par' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'is"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'usage', usage: { inputTokens: 480, outputTokens: 41 } },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_use' } },
      { type: 'end' },
    ],
    result: {
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'toolu_01XYZ', name: 'get_weather', arguments: '{"city": "Paris"}' },
      ],
      usage: { inputTokens: 480, outputTokens: 41 },
      finish: { unified: 'tool-calls', raw: 'tool_use' },
      status: 'completed',
    },
  },
  {
    name: 'two-tool-calls.sse',
    parts: [
      { type: 'start', id: 'msg_02TWO', model: MODEL },
      // input_tokens EXCLUDES cache on the wire; the canonical count includes it: 18 + 20 + 462.
      {
        type: 'usage',
        usage: { inputTokens: 500, outputTokens: 1, cacheReadTokens: 462, cacheWriteTokens: 20 },
      },
      { type: 'text-delta', text: 'Two lookups: wörld 👋' },
      // Tool indexes count tool_use blocks (0, 1), not content blocks (1, 2).
      { type: 'tool-call-start', index: 0, id: 'toolu_01AAA', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: ' "Zürich"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: 'toolu_01BBB', name: 'get_time' },
      // Only `partial_json: ""` was sent: a tool without parameters, i.e. `{}`.
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 1 },
      {
        type: 'usage',
        usage: { inputTokens: 500, outputTokens: 57, cacheReadTokens: 462, cacheWriteTokens: 20 },
      },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_use' } },
      { type: 'end' },
    ],
    result: {
      content: [
        { type: 'text', text: 'Two lookups: wörld 👋' },
        { type: 'tool-call', id: 'toolu_01AAA', name: 'get_weather', arguments: '{"city": "Zürich"}' },
        { type: 'tool-call', id: 'toolu_01BBB', name: 'get_time', arguments: '{}' },
      ],
      usage: { inputTokens: 500, outputTokens: 57, cacheReadTokens: 462, cacheWriteTokens: 20 },
      status: 'completed',
    },
  },
  {
    name: 'thinking-max-tokens.sse',
    parts: [
      { type: 'start', id: 'msg_03THK', model: MODEL },
      { type: 'usage', usage: { inputTokens: 30, outputTokens: 1 } },
      { type: 'reasoning-delta', text: '27*453 = 12231.' },
      { type: 'reasoning-signature', signature: 'EqQBCgIYAhIM...' },
      { type: 'text-delta', text: 'The answer is 12' },
      { type: 'usage', usage: { inputTokens: 30, outputTokens: 64, reasoningTokens: 40 } },
      { type: 'finish', reason: { unified: 'length', raw: 'max_tokens' } },
      { type: 'end' },
    ],
    result: {
      content: [
        { type: 'reasoning', text: '27*453 = 12231.', signature: 'EqQBCgIYAhIM...' },
        { type: 'text', text: 'The answer is 12' },
      ],
      finish: { unified: 'length', raw: 'max_tokens' },
      status: 'completed',
    },
  },
  ...(
    [
      [
        'stop-sequence.sse',
        'msg_04STS',
        '1, 2, 3, wörld 👋',
        { unified: 'stop', raw: 'stop_sequence', stopSequence: 'STOP' },
      ],
      ['refusal.sse', 'msg_05REF', 'I can’t help with that.', { unified: 'content-filter', raw: 'refusal' }],
      ['pause-turn.sse', 'msg_06PAU', 'Searching the wëb…', { unified: 'other', raw: 'pause_turn' }],
      [
        'context-window-exceeded.sse',
        'msg_07CTX',
        'And so the störy',
        { unified: 'length', raw: 'model_context_window_exceeded' },
      ],
      ['unknown-stop-reason.sse', 'msg_08UNK', 'Compacted 👋', { unified: 'other', raw: 'compaction' }],
    ] as const
  ).map(([name, id, text, finish]): Case => ({
    name,
    parts: [
      { type: 'start', id, model: MODEL },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 } },
      { type: 'text-delta', text },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 7, cacheReadTokens: 0, cacheWriteTokens: 0 } },
      { type: 'finish', reason: finish },
      { type: 'end' },
    ],
    result: { content: [{ type: 'text', text }], finish, status: 'completed' },
  })),
  {
    name: 'mid-stream-error.sse',
    parts: [
      { type: 'start', id: 'msg_09ERR', model: MODEL },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 1 } },
      { type: 'text-delta', text: 'Partial wörld 👋' },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' } },
    ],
    result: {
      content: [{ type: 'text', text: 'Partial wörld 👋' }],
      status: 'provider_error',
      error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' },
    },
  },
  {
    name: 'truncated.sse',
    parts: [
      { type: 'start', id: 'msg_10CUT', model: MODEL },
      { type: 'usage', usage: { inputTokens: 25, outputTokens: 1 } },
      { type: 'text-delta', text: 'Let me look that üp.' },
      { type: 'tool-call-start', index: 0, id: 'toolu_01CUT', name: 'search' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"query": "wör' },
      // From end() at EOF: the open call is closed, but no `end` is invented.
      { type: 'tool-call-end', index: 0 },
    ],
    result: {
      content: [
        { type: 'text', text: 'Let me look that üp.' },
        { type: 'tool-call', id: 'toolu_01CUT', name: 'search', arguments: '{"query": "wör' },
      ],
      status: 'incomplete',
    },
  },
  {
    name: 'no-event-lines.sse',
    parts: [
      { type: 'start', id: 'msg_11DAT', model: MODEL },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 1 } },
      { type: 'text-delta', text: 'Data-only wörld 👋' },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 4 } },
      { type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } },
      { type: 'end' },
      { type: 'raw', event: { data: '[DONE]' } },
    ],
    result: { content: [{ type: 'text', text: 'Data-only wörld 👋' }], status: 'completed' },
  },
  {
    name: 'unknown-events.sse',
    parts: [
      { type: 'start', id: 'msg_12UNK', model: MODEL },
      { type: 'usage', usage: { inputTokens: 7, outputTokens: 1 } },
      { type: 'raw', event: { event: 'future_event', data: '{"type":"future_event","payload":1}' } },
      // A whole redacted_thinking block in its start event; its stop says nothing more.
      { type: 'redacted-reasoning', data: 'EmwKAhgB' },
      {
        type: 'raw',
        event: { event: 'content_block_delta', data: expect.stringContaining('citations_delta') },
      },
      { type: 'text-delta', text: 'Cited wörld 👋' },
      { type: 'usage', usage: { inputTokens: 7, outputTokens: 9 } },
      { type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } },
      { type: 'end' },
    ],
    result: {
      content: [
        { type: 'redacted-reasoning', data: 'EmwKAhgB' },
        { type: 'text', text: 'Cited wörld 👋' },
      ],
      status: 'completed',
    },
  },
  {
    name: 'malformed-data.sse',
    parts: [
      { type: 'start', id: 'msg_13BAD', model: MODEL },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 1 } },
      { type: 'text-delta', text: 'Before wörld 👋' },
      { type: 'raw', event: { event: 'content_block_delta', data: expect.stringContaining('text_del') } },
      {
        type: 'error',
        error: {
          type: 'api_error',
          message: expect.stringContaining('content_block_delta'),
          kind: 'server_error',
        },
      },
      // An unnamed non-JSON line (a sloppy keep-alive) is passed along, not treated as a broken stream.
      { type: 'raw', event: { data: 'keep-alive' } },
    ],
    result: { content: [{ type: 'text', text: 'Before wörld 👋' }], status: 'provider_error' },
  },
]

describe('createAnthropicStreamParser on hand-written fixtures', () => {
  it.each(CASES)(
    '$name gives the exact parts and reduces to the expected reply',
    ({ name, parts, result }) => {
      const actual = parseChunks([fixture(name)])
      expect(actual).toEqual(parts)
      expect(reduceStreamParts(actual)).toMatchObject(result)
    },
  )

  it('has an expectation for every fixture stream (the encoder golden file aside)', () => {
    const parsed = Object.keys(anthropicStreamFixtures).filter((file) => file !== ENCODER_GOLDEN_FILE)
    expect(CASES.map((c) => c.name).sort()).toEqual(parsed.sort())
  })

  it('covers every stop reason the dialect documents', () => {
    const raws = CASES.flatMap((c) => c.parts).flatMap((p) => {
      const part = p as StreamPart
      return part.type === 'finish' ? [part.reason.raw] : []
    })
    for (const reason of [
      'end_turn',
      'stop_sequence',
      'max_tokens',
      'tool_use',
      'refusal',
      'pause_turn',
      'model_context_window_exceeded',
    ]) {
      expect(raws).toContain(reason)
    }
  })
})

describe('createAnthropicStreamParser under re-chunking', () => {
  const multiByteFixtures = CASES.map((c) => c.name)

  it.each(multiByteFixtures)('%s parses identically in any chunking, with LF and CRLF', (name) => {
    const expected = parseChunks([fixture(name)])
    for (const ending of ['\n', '\r\n'] as const) {
      const bytes = utf8(withLineEndings(fixture(name), ending))
      expect(parseChunks(splitEvery(bytes, 1))).toEqual(expected)
      fc.assert(
        fc.property(arbitraryChunking(bytes), (chunks) => {
          expect(parseChunks(chunks)).toEqual(expected)
        }),
        { numRuns: 60 },
      )
    }
  })

  it('every fixture with multi-byte text really contains multi-byte characters', () => {
    expect(fixture('text.sse')).toContain('wörld 👋')
    expect(utf8(fixture('text.sse')).length).toBeGreaterThan(fixture('text.sse').length)
  })
})

describe('createAnthropicStreamParser on cut streams', () => {
  /**
   * Bytes needed before message_stop is dispatched: its data line and the first character of the
   * blank line after it (with CRLF, the CR alone already ends that blank line). No message_stop: never.
   */
  function completeAt(bytes: Uint8Array, ending: '\n' | '\r\n'): number {
    const text = new TextDecoder().decode(bytes)
    const at = text.indexOf('{"type":"message_stop"}')
    if (at === -1) return bytes.length + 1
    const dataLineEnd = text.indexOf(ending, at) + ending.length
    return utf8(text.slice(0, dataLineEnd + 1)).length
  }

  it.each(CASES.map((c) => c.name))('%s cut at any byte before its end is never completed', (name) => {
    for (const ending of ['\n', '\r\n'] as const) {
      const bytes = utf8(withLineEndings(fixture(name), ending))
      const limit = completeAt(bytes, ending)
      for (let cut = 0; cut < Math.min(limit, bytes.length); cut++) {
        const result = reduceStreamParts(parseChunks([bytes.subarray(0, cut)]))
        if (result.status === 'completed') throw new Error(`${name} cut at byte ${cut} reduced to completed`)
      }
      // …and the whole stream is completed exactly when it carries message_stop.
      const whole = reduceStreamParts(parseChunks([bytes])).status
      expect(whole === 'completed').toBe(limit <= bytes.length)
    }
  })
})

describe('createAnthropicStreamParser leniency', () => {
  const event = (name: string | undefined, data: unknown) => ({
    ...(name === undefined ? {} : { event: name }),
    data: typeof data === 'string' ? data : JSON.stringify(data),
  })

  it('dispatches on the JSON type when the event name is generic', () => {
    const parser = createAnthropicStreamParser()
    expect(parser.push(event('message', { type: 'message_stop' }))).toEqual([{ type: 'end' }])
  })

  it('passes everything after message_stop through untouched: the reply can no longer change', () => {
    const parser = createAnthropicStreamParser()
    parser.push(event('message_stop', { type: 'message_stop' }))
    const late = event('error', { type: 'error', error: { type: 'api_error', message: 'late' } })
    expect(parser.push(late)).toEqual([{ type: 'raw', event: late }])
  })

  it('keeps the input a tool_use start block carries when no input_json_delta follows', () => {
    const parser = createAnthropicStreamParser()
    const parts = [
      ...parser.push(
        event('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 } },
        }),
      ),
      ...parser.push(event('content_block_stop', { type: 'content_block_stop', index: 0 })),
    ]
    expect(reduceStreamParts(parts).content).toEqual([
      { type: 'tool-call', id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
    ])
  })

  it('turns an error event with a non-JSON body into an error part carrying the text', () => {
    const parser = createAnthropicStreamParser()
    const parts = parser.push(event('error', 'upstream exploded'))
    expect(parts.at(-1)).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'upstream exploded', kind: 'server_error' },
    })
  })

  it('merges message_delta counters into what message_start said (cumulative totals)', () => {
    const parser = createAnthropicStreamParser()
    parser.push(
      event('message_start', {
        type: 'message_start',
        message: { id: 'msg_1', usage: { input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 1 } },
      }),
    )
    const parts = parser.push(
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 30, cache_read_input_tokens: null },
      }),
    )
    expect(parts[0]).toEqual({
      type: 'usage',
      usage: { inputTokens: 15, outputTokens: 30, cacheReadTokens: 5 },
    })
  })

  it('never emits end from end(), even with nothing received', () => {
    expect(createAnthropicStreamParser().end()).toEqual([])
  })
})
