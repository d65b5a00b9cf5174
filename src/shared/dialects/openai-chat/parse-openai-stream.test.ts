import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryChunking, splitEvery, utf8, withLineEndings } from '@test/support/chunking'
import { partsFromChunks } from '@test/support/stream-parts'
import type { ChatResult } from '../../chat/chat-result'
import { reduceStreamParts } from '../../chat/reduce-stream-part'
import type { StreamPart } from '../../chat/stream-part'
import { openaiStreamFixtures, streamFixture } from './__fixtures__/load-openai-fixtures'
import { createOpenaiStreamParser } from './parse-openai-stream'

/** The way the client runs: bytes in network-sized pieces through the SSE parser, then ours. */
const partsOfChunks = (chunks: Array<Uint8Array | string>): StreamPart[] =>
  partsFromChunks(createOpenaiStreamParser(), chunks)
const partsOfText = (text: string): StreamPart[] => partsOfChunks([text])

type FixtureCase = { file: string; parts: StreamPart[]; result: ChatResult }

const start = (id: string, model: string): StreamPart => ({ type: 'start', id, model })
const text = (t: string): StreamPart => ({ type: 'text-delta', text: t })
const END: StreamPart = { type: 'end' }

const CASES: FixtureCase[] = [
  {
    file: 'text-reply.sse',
    parts: [
      start('chatcmpl-abc123', 'gpt-4o-mini'),
      text('Hello'),
      text(' wörld 👋'),
      { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 4, cacheReadTokens: 0, reasoningTokens: 0 } },
      END,
    ],
    result: {
      id: 'chatcmpl-abc123',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'Hello wörld 👋' }],
      finish: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: 12, outputTokens: 4, cacheReadTokens: 0, reasoningTokens: 0 },
      status: 'completed',
    },
  },
  {
    file: 'two-tool-calls.sse',
    parts: [
      start('chatcmpl-def456', 'gpt-4o-mini'),
      { type: 'tool-call-start', index: 0, id: 'call_Xy12', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
      { type: 'tool-call-start', index: 1, id: 'call_Zz34', name: 'get_time' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"CET"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
      END,
    ],
    result: {
      id: 'chatcmpl-def456',
      model: 'gpt-4o-mini',
      content: [
        { type: 'tool-call', id: 'call_Xy12', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'tool-call', id: 'call_Zz34', name: 'get_time', arguments: '{"tz":"CET"}' },
      ],
      finish: { unified: 'tool-calls', raw: 'tool_calls' },
      status: 'completed',
    },
  },
  {
    file: 'text-then-tool-call.sse',
    parts: [
      start('chatcmpl-ghi789', 'gpt-4o-mini-2024-07-18'),
      text('Let me check the weather in Zürich.'),
      { type: 'tool-call-start', index: 0, id: 'call_W1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"ci' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'ty":"Zürich"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
      {
        type: 'usage',
        usage: { inputTokens: 82, outputTokens: 17, cacheReadTokens: 64, reasoningTokens: 5 },
      },
      END,
    ],
    result: {
      id: 'chatcmpl-ghi789',
      model: 'gpt-4o-mini-2024-07-18',
      content: [
        { type: 'text', text: 'Let me check the weather in Zürich.' },
        { type: 'tool-call', id: 'call_W1', name: 'get_weather', arguments: '{"city":"Zürich"}' },
      ],
      finish: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: { inputTokens: 82, outputTokens: 17, cacheReadTokens: 64, reasoningTokens: 5 },
      status: 'completed',
    },
  },
  {
    file: 'finish-length.sse',
    parts: [
      start('chatcmpl-len001', 'gpt-4o-mini'),
      text('Once upon a time, in a land'),
      { type: 'finish', reason: { unified: 'length', raw: 'length' } },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 8, cacheReadTokens: 0, reasoningTokens: 0 } },
      END,
    ],
    result: {
      id: 'chatcmpl-len001',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'Once upon a time, in a land' }],
      finish: { unified: 'length', raw: 'length' },
      usage: { inputTokens: 9, outputTokens: 8, cacheReadTokens: 0, reasoningTokens: 0 },
      status: 'completed',
    },
  },
  {
    file: 'finish-content-filter.sse',
    parts: [
      start('chatcmpl-cf0001', 'gpt-4o-mini'),
      text('I can'),
      { type: 'finish', reason: { unified: 'content-filter', raw: 'content_filter' } },
      END,
    ],
    result: {
      id: 'chatcmpl-cf0001',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'I can' }],
      finish: { unified: 'content-filter', raw: 'content_filter' },
      status: 'completed',
    },
  },
  {
    file: 'finish-function-call.sse',
    parts: [
      start('chatcmpl-fc0001', 'legacy-model'),
      { type: 'tool-call-start', index: 0, id: 'call_L1', name: 'lookup' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'function_call' } },
      END,
    ],
    result: {
      id: 'chatcmpl-fc0001',
      model: 'legacy-model',
      content: [{ type: 'tool-call', id: 'call_L1', name: 'lookup', arguments: '{}' }],
      finish: { unified: 'tool-calls', raw: 'function_call' },
      status: 'completed',
    },
  },
  {
    file: 'finish-unknown.sse',
    parts: [
      start('chatcmpl-eos001', 'local-llama'),
      text('Done.'),
      { type: 'finish', reason: { unified: 'other', raw: 'eos' } },
      END,
    ],
    result: {
      id: 'chatcmpl-eos001',
      model: 'local-llama',
      content: [{ type: 'text', text: 'Done.' }],
      finish: { unified: 'other', raw: 'eos' },
      status: 'completed',
    },
  },
  {
    file: 'reasoning.sse',
    parts: [
      start('chatcmpl-rsn001', 'deepseek-reasoner'),
      { type: 'reasoning-delta', text: '2 + 2 ' },
      { type: 'reasoning-delta', text: 'is 4.' },
      text('4'),
      { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 7, cacheReadTokens: 0, reasoningTokens: 6 } },
      END,
    ],
    result: {
      id: 'chatcmpl-rsn001',
      model: 'deepseek-reasoner',
      content: [
        { type: 'reasoning', text: '2 + 2 is 4.' },
        { type: 'text', text: '4' },
      ],
      finish: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: 10, outputTokens: 7, cacheReadTokens: 0, reasoningTokens: 6 },
      status: 'completed',
    },
  },
  {
    file: 'mid-stream-error.sse',
    parts: [
      start('chatcmpl-err001', 'gpt-4o-mini'),
      text('The answer is'),
      {
        type: 'error',
        error: {
          type: 'server_error',
          message: 'The server had an error while processing your request.',
          code: null,
          param: null,
          kind: 'server_error',
        },
      },
    ],
    result: {
      id: 'chatcmpl-err001',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'The answer is' }],
      status: 'provider_error',
      error: {
        type: 'server_error',
        message: 'The server had an error while processing your request.',
        code: null,
        param: null,
        kind: 'server_error',
      },
    },
  },
  {
    file: 'event-error.sse',
    parts: [
      start('chatcmpl-err002', 'gpt-4o-mini'),
      text('Partial'),
      {
        type: 'error',
        error: {
          type: 'requests',
          message: 'Rate limit reached for requests',
          code: 'rate_limit_exceeded',
          param: null,
          kind: 'rate_limit',
        },
      },
    ],
    result: {
      id: 'chatcmpl-err002',
      model: 'gpt-4o-mini',
      content: [{ type: 'text', text: 'Partial' }],
      status: 'provider_error',
      error: {
        type: 'requests',
        message: 'Rate limit reached for requests',
        code: 'rate_limit_exceeded',
        param: null,
        kind: 'rate_limit',
      },
    },
  },
  {
    file: 'truncated.sse',
    parts: [
      start('chatcmpl-cut001', 'gpt-4o-mini'),
      text('Checking wörld 👋'),
      { type: 'tool-call-start', index: 0, id: 'call_T1', name: 'search' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":' },
      // EOF without finish_reason or [DONE]: end() closes the open call but never claims an end.
      { type: 'tool-call-end', index: 0 },
    ],
    result: {
      id: 'chatcmpl-cut001',
      model: 'gpt-4o-mini',
      content: [
        { type: 'text', text: 'Checking wörld 👋' },
        { type: 'tool-call', id: 'call_T1', name: 'search', arguments: '{"q":' },
      ],
      status: 'incomplete',
    },
  },
  {
    file: 'compat-quirks.sse',
    parts: [
      { type: 'raw', event: { data: 'keep-alive' } },
      start('chatcmpl-cmp001', 'vllm-served'),
      { type: 'raw', event: { data: '{"object":"heartbeat"}' } },
      text('Hi'),
      // No id on the first fragment: one is invented so a tool result can refer to the call.
      { type: 'tool-call-start', index: 0, id: 'call_0', name: 'ping' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a"' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: ':1}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 3 } },
      END,
    ],
    result: {
      id: 'chatcmpl-cmp001',
      model: 'vllm-served',
      content: [
        { type: 'text', text: 'Hi' },
        { type: 'tool-call', id: 'call_0', name: 'ping', arguments: '{"a":1}' },
      ],
      finish: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: { inputTokens: 5, outputTokens: 3 },
      status: 'completed',
    },
  },
  {
    file: 'empty-reply.sse',
    parts: [
      start('chatcmpl-emp001', 'gpt-4o-mini'),
      { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
      END,
    ],
    result: {
      id: 'chatcmpl-emp001',
      model: 'gpt-4o-mini',
      content: [],
      finish: { unified: 'stop', raw: 'stop' },
      status: 'completed',
    },
  },
]

describe('createOpenaiStreamParser on the fixtures', () => {
  it('has an expectation for every fixture stream', () => {
    expect(CASES.map((c) => c.file).sort()).toEqual(Object.keys(openaiStreamFixtures).sort())
  })

  it.each(CASES)('$file gives the expected parts and reduced result', ({ file, parts, result }) => {
    const actual = partsOfText(streamFixture(file))
    expect(actual).toEqual(parts)
    expect(reduceStreamParts(actual)).toEqual(result)
  })

  it('never emits `start` twice, and never `end` without [DONE]', () => {
    for (const [file, text] of Object.entries(openaiStreamFixtures)) {
      const parts = partsOfText(text)
      expect(
        parts.filter((p) => p.type === 'start'),
        file,
      ).toHaveLength(1)
      expect(
        parts.some((p) => p.type === 'end'),
        file,
      ).toBe(text.includes('data: [DONE]'))
    }
  })
})

describe('createOpenaiStreamParser under any chunking', () => {
  const fixtures = Object.entries(openaiStreamFixtures)

  it('gives identical parts for any re-chunking, LF or CRLF, multi-byte characters included', () => {
    for (const [file, text] of fixtures) {
      const expected = partsOfText(text)
      for (const ending of ['\n', '\r\n'] as const) {
        const bytes = utf8(withLineEndings(text, ending))
        expect(partsOfChunks(splitEvery(bytes, 1)), `${file} ${JSON.stringify(ending)} 1-byte`).toEqual(
          expected,
        )
        fc.assert(
          fc.property(arbitraryChunking(bytes), (chunks) => {
            expect(partsOfChunks(chunks)).toEqual(expected)
          }),
          { numRuns: 60 },
        )
      }
    }
  })

  it('never reduces to completed when the stream is cut at any byte before its end', () => {
    for (const [file, text] of fixtures) {
      for (const ending of ['\n', '\r\n'] as const) {
        const bytes = utf8(withLineEndings(text, ending))
        // With CRLF the final `\n` adds nothing: a lone `\r` already ends the blank line (SSE spec),
        // so the stream is whole one byte early. Every cut before that must stay incomplete.
        const wholeAt = ending === '\r\n' ? bytes.length - 1 : bytes.length
        for (let cut = 0; cut < wholeAt; cut++) {
          const status = reduceStreamParts(partsOfChunks([bytes.subarray(0, cut)])).status
          if (status === 'completed')
            expect.fail(`${file} cut at byte ${cut} of ${bytes.length} reduced to completed`)
        }
      }
    }
  })
})

describe('createOpenaiStreamParser edge cases', () => {
  const chunk = (body: object) => ({ data: JSON.stringify({ id: 'chatcmpl-x', model: 'm', ...body }) })

  it('treats a tool fragment for a new index without an id as a new call with an invented id', () => {
    const parser = createOpenaiStreamParser()
    const parts = [
      ...parser.push(
        chunk({
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index: 0, id: 'call_a', function: { name: 'a', arguments: '' } }] },
            },
          ],
        }),
      ),
      ...parser.push(
        chunk({
          choices: [
            { index: 0, delta: { tool_calls: [{ index: 1, function: { name: 'b', arguments: '{}' } }] } },
          ],
        }),
      ),
      ...parser.end(),
    ]
    expect(reduceStreamParts(parts).content).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'a', arguments: '' },
      { type: 'tool-call', id: 'call_1', name: 'b', arguments: '{}' },
    ])
  })

  it('keeps calls apart when a server numbers them 3 and 7: parts use ordinals 0 and 1', () => {
    const parser = createOpenaiStreamParser()
    const parts = [
      ...parser.push(
        chunk({
          choices: [{ index: 0, delta: { tool_calls: [{ index: 3, id: 'c3', function: { name: 'x' } }] } }],
        }),
      ),
      ...parser.push(
        chunk({
          choices: [{ index: 0, delta: { tool_calls: [{ index: 7, id: 'c7', function: { name: 'y' } }] } }],
        }),
      ),
      ...parser.push(
        chunk({
          choices: [{ index: 0, delta: { tool_calls: [{ index: 3, function: { arguments: '{"k":3}' } }] } }],
        }),
      ),
    ]
    expect(parts.filter((p) => p.type === 'tool-call-start').map((p) => p.index)).toEqual([0, 1])
    expect(parts.at(-1)).toEqual({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"k":3}' })
  })

  it('fills in a tool name that arrives after the first fragment', () => {
    const parser = createOpenaiStreamParser()
    const parts = [
      ...parser.push(
        chunk({
          choices: [{ delta: { tool_calls: [{ index: 0, id: 'c', function: { arguments: '{' } }] } }],
        }),
      ),
      ...parser.push(
        chunk({
          choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'late', arguments: '}' } }] } }],
        }),
      ),
    ]
    expect(reduceStreamParts(parts).content).toEqual([
      { type: 'tool-call', id: 'c', name: 'late', arguments: '{}' },
    ])
  })

  it('does not assume choices[0] exists and ignores choices other than 0', () => {
    const parser = createOpenaiStreamParser()
    expect(parser.push(chunk({ choices: [] }))).toEqual([{ type: 'start', id: 'chatcmpl-x', model: 'm' }])
    expect(parser.push(chunk({ choices: [{ index: 2, delta: { content: 'other choice' } }] }))).toEqual([])
  })

  it('ignores fields of the wrong type instead of losing the chunk', () => {
    const parser = createOpenaiStreamParser()
    const parts = parser.push(
      chunk({ choices: [{ index: 0, logprobs: 'odd', delta: { content: 'kept', role: 7, refusal: 5 } }] }),
    )
    expect(parts).toContainEqual({ type: 'text-delta', text: 'kept' })
  })

  it('shows a refusal as text and reads the `reasoning` spelling of reasoning text', () => {
    const parser = createOpenaiStreamParser()
    const parts = [
      ...parser.push(chunk({ choices: [{ index: 0, delta: { reasoning: 'hmm' } }] })),
      ...parser.push(chunk({ choices: [{ index: 0, delta: { refusal: "I can't." } }] })),
    ]
    const result = reduceStreamParts(parts)
    expect(result.content).toEqual([
      { type: 'reasoning', text: 'hmm' },
      { type: 'text', text: "I can't." },
    ])
  })

  it('reads OpenRouter `reasoning_details`: text once (beside `reasoning`), its signature, encrypted entries', () => {
    const parser = createOpenaiStreamParser()
    const parts = [
      ...parser.push(
        chunk({
          choices: [
            {
              index: 0,
              delta: {
                reasoning: 'Think.',
                reasoning_details: [{ type: 'reasoning.text', text: 'Think.', signature: 'c2ln' }],
              },
            },
          ],
        }),
      ),
      ...parser.push(
        chunk({
          choices: [
            { index: 0, delta: { reasoning_details: [{ type: 'reasoning.encrypted', data: 'ZW5j' }] } },
          ],
        }),
      ),
      ...parser.push(chunk({ choices: [{ index: 0, delta: { content: 'Done.' } }] })),
    ]
    expect(reduceStreamParts(parts).content).toEqual([
      { type: 'reasoning', text: 'Think.', signature: 'c2ln' },
      { type: 'redacted-reasoning', data: 'ZW5j' },
      { type: 'text', text: 'Done.' },
    ])
  })

  it('turns non-JSON and non-object data into raw parts and keeps reading', () => {
    const parser = createOpenaiStreamParser()
    expect(parser.push({ data: '{"choices": [' })).toEqual([
      { type: 'raw', event: { data: '{"choices": [' } },
    ])
    expect(parser.push({ data: '[1,2]' })).toEqual([{ type: 'raw', event: { data: '[1,2]' } }])
    expect(parser.push(chunk({ choices: [{ index: 0, delta: { content: 'still here' } }] }))).toContainEqual({
      type: 'text-delta',
      text: 'still here',
    })
  })

  it('reads an `event: error` whose payload is not JSON, or has its fields at the top level', () => {
    const parser = createOpenaiStreamParser()
    expect(parser.push({ event: 'error', data: 'upstream exploded' })).toEqual([
      {
        type: 'error',
        error: { type: 'server_error', message: 'upstream exploded', code: null, param: null },
      },
    ])
    expect(
      createOpenaiStreamParser().push({
        event: 'error',
        data: '{"message":"Overloaded","type":"overloaded_error"}',
      }),
    ).toEqual([
      {
        type: 'error',
        error: {
          type: 'overloaded_error',
          message: 'Overloaded',
          code: null,
          param: null,
          kind: 'overloaded',
        },
      },
    ])
  })

  it('keeps events after [DONE] out of the reply', () => {
    const parser = createOpenaiStreamParser()
    parser.push({ data: '[DONE]' })
    const late = chunk({ choices: [{ index: 0, delta: { content: 'late' } }] })
    expect(parser.push(late)).toEqual([{ type: 'raw', event: late }])
    expect(parser.end()).toEqual([])
  })

  it('closes open tool calls at [DONE] when no finish_reason came', () => {
    const parser = createOpenaiStreamParser()
    parser.push(
      chunk({
        choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c', function: { name: 'f' } }] } }],
      }),
    )
    expect(parser.push({ data: '[DONE]' })).toEqual([{ type: 'tool-call-end', index: 0 }, { type: 'end' }])
  })
})
