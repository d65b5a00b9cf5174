/**
 * Conformance with the REAL official SDKs (dialects.md part E.4), before any server exists: the
 * encoders' output is handed to @anthropic-ai/sdk 1.x and 0.x through a custom `fetch`, and what the
 * SDKs make of it is asserted — stream helper final message, raw events, typed HTTP errors. The
 * requests the SDKs send are captured and fed to the server half (headers, key, body decoder).
 */
import Anthropic from '@anthropic-ai/sdk'
import Anthropic0x from 'anthropic-sdk-0x'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../chat/errors'
import type { GatewayErrorKind } from '../../chat/errors'
import type { ChatResult } from '../../chat/chat-result'
import type { StreamPart } from '../../chat/stream-part'
import { encodeSseFrame } from '../sse/sse-encode'
import { CONTEXT, expectedAfterRoundTrip, scenarioArb } from './__fixtures__/stream-part-scenarios'
import { anthropicMessagesDialect as dialect } from './index'

type Captured = { url: string; headers: Headers; body: unknown }
type Responder = (request: Captured) => Response

// Both SDK generations expose the same surface for what is used here; typed as the 1.x client.
type Client = Anthropic
type ClientClass = typeof Anthropic

const SDKS: Array<{ name: string; Client: ClientClass; version: string; auth: 'bearer' | 'x-api-key' }> = [
  { name: '@anthropic-ai/sdk 1.12', Client: Anthropic, version: '2026-10-21', auth: 'bearer' },
  {
    name: '@anthropic-ai/sdk 0.137',
    Client: Anthropic0x as unknown as ClientClass,
    version: '2023-06-01',
    auth: 'x-api-key',
  },
]

const REQUEST_ID = 'req_011CONFORM'
const API_KEY = 'sk-CANARY-conformance'

function client(Client: ClientClass, respond: Responder, captured: Captured[] = []): Client {
  return new Client({
    apiKey: API_KEY,
    baseURL: 'http://gateway.test',
    maxRetries: 0,
    fetch: (async (url: string | URL | Request, init?: RequestInit) => {
      const request: Captured = {
        url: String(url),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }
      captured.push(request)
      return respond(request)
    }) as typeof fetch,
  })
}

function sse(parts: StreamPart[], endStream = true): Response {
  const encoder = dialect.encodeStream(CONTEXT)
  let text = parts
    .flatMap((p) => encoder.push(p))
    .map(encodeSseFrame)
    .join('')
  if (endStream) text += encoder.end().map(encodeSseFrame).join('')
  return new Response(text, { headers: { 'content-type': 'text/event-stream', 'request-id': REQUEST_ID } })
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': REQUEST_ID },
  })
}

const TOOL_REPLY: StreamPart[] = [
  { type: 'start', id: 'chatcmpl-upstream', model: 'upstream' },
  { type: 'text-delta', text: 'Checking wörld 👋' },
  { type: 'tool-call-start', index: 0, id: 'call_abc', name: 'get_weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-start', index: 1, id: 'call_def', name: 'get_time' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"CET"}' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Zürich"}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
  // OpenAI's include_usage chunk comes after the finish.
  { type: 'usage', usage: { inputTokens: 500, outputTokens: 41, cacheReadTokens: 462 } },
  { type: 'end' },
]

const PARAMS = {
  model: 'vendorb3.8-Flash-Next',
  max_tokens: 256,
  system: 'Be brief.',
  messages: [{ role: 'user' as const, content: 'Weather in Zürich?' }],
  tools: [
    {
      name: 'get_weather',
      input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
}

describe.each(SDKS)('$name', ({ Client, version, auth }) => {
  it('sends headers and a body the server half accepts', async () => {
    const captured: Captured[] = []
    await client(Client, () => sse(TOOL_REPLY), captured).messages.create({ ...PARAMS, stream: true })
    const request = captured[0] as Captured
    expect(request.url).toBe('http://gateway.test/v1/messages')
    const header = (name: string) => request.headers.get(name) ?? undefined
    expect(header('anthropic-version')).toBe(version)
    if (auth === 'bearer') expect(header('authorization')).toBe(`Bearer ${API_KEY}`)
    else expect(header('x-api-key')).toBe(API_KEY)
    expect(dialect.readApiKey(header)).toBe(API_KEY)
    expect(() => dialect.checkHeaders(header)).not.toThrow()
    expect(dialect.decodeRequest(request.body)).toMatchObject({
      model: 'vendorb3.8-Flash-Next',
      maxTokens: 256,
      system: 'Be brief.',
      stream: true,
      tools: [{ name: 'get_weather' }],
    })
  })

  it('stream helper: final message with text, parsed tool input, stop reason and usage', async () => {
    const stream = client(Client, () => sse(TOOL_REPLY)).messages.stream(PARAMS)
    const texts: string[] = []
    stream.on('text', (delta) => texts.push(delta))
    const message = await stream.finalMessage()
    expect(texts.join('')).toBe('Checking wörld 👋')
    expect(message).toMatchObject({
      id: CONTEXT.id,
      model: CONTEXT.model,
      role: 'assistant',
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 38,
        cache_read_input_tokens: 462,
        cache_creation_input_tokens: 0,
        output_tokens: 41,
      },
    })
    expect(message.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Checking wörld 👋' }),
      expect.objectContaining({
        type: 'tool_use',
        id: 'call_abc',
        name: 'get_weather',
        input: { city: 'Zürich' },
      }),
      expect.objectContaining({ type: 'tool_use', id: 'call_def', name: 'get_time', input: { tz: 'CET' } }),
    ])
  })

  it('raw iteration: message_start first, blocks in order, message_delta, message_stop', async () => {
    const stream = await client(Client, () => sse(TOOL_REPLY)).messages.create({ ...PARAMS, stream: true })
    const types: string[] = []
    let text = ''
    for await (const event of stream) {
      types.push(event.type)
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text
    }
    expect(text).toBe('Checking wörld 👋')
    expect(types[0]).toBe('message_start')
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop'])
    expect(types.filter((t) => t === 'content_block_start')).toHaveLength(3)
  })

  it('stop sequences, reasoning and every stop reason reach the helper', async () => {
    const stream = client(Client, () =>
      sse([
        { type: 'reasoning-delta', text: 'Count.' },
        { type: 'text-delta', text: '1, 2' },
        { type: 'finish', reason: { unified: 'stop', raw: 'stop', stopSequence: ', 3' } },
        { type: 'end' },
      ]),
    ).messages.stream(PARAMS)
    const message = await stream.finalMessage()
    expect(message.stop_reason).toBe('stop_sequence')
    expect(message.stop_sequence).toBe(', 3')
    expect(message.content[0]).toMatchObject({ type: 'thinking', thinking: 'Count.' })
    for (const [raw, unified] of [
      ['end_turn', 'stop'],
      ['max_tokens', 'length'],
      ['tool_use', 'tool-calls'],
      ['refusal', 'content-filter'],
      ['pause_turn', 'other'],
      ['model_context_window_exceeded', 'length'],
    ] as const) {
      const final = await client(Client, () =>
        sse([
          { type: 'text-delta', text: 'x' },
          { type: 'finish', reason: { unified, raw } },
          { type: 'end' },
        ]),
      )
        .messages.stream(PARAMS)
        .finalMessage()
      expect(final.stop_reason).toBe(raw)
    }
  })

  it('an empty reply still resolves, with stop_reason end_turn', async () => {
    const message = await client(Client, () => sse([{ type: 'end' }]))
      .messages.stream(PARAMS)
      .finalMessage()
    expect(message).toMatchObject({ content: [], stop_reason: 'end_turn', usage: { output_tokens: 0 } })
  })

  it('a mid-stream error becomes an APIError without status, with type and request id; finalMessage rejects', async () => {
    const parts: StreamPart[] = [
      { type: 'text-delta', text: 'partial' },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' } },
    ]
    const raw = await client(Client, () => sse(parts)).messages.create({ ...PARAMS, stream: true })
    const error = await (async () => {
      try {
        for await (const _event of raw) void _event
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(Client.APIError)
    expect(error).toMatchObject({ status: undefined, type: 'overloaded_error', requestID: REQUEST_ID })
    await expect(
      client(Client, () => sse(parts))
        .messages.stream(PARAMS)
        .finalMessage(),
    ).rejects.toBeInstanceOf(Client.APIError)
  })

  it('an upstream that drops mid-reply reaches the SDK as an error, never as a complete message', async () => {
    const cut: StreamPart[] = [
      { type: 'text-delta', text: 'half' },
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'f' },
    ]
    await expect(
      client(Client, () => sse(cut))
        .messages.stream(PARAMS)
        .finalMessage(),
    ).rejects.toMatchObject({
      status: undefined,
      type: 'api_error',
    })
  })

  it('non-streaming: the encoded JSON is a Message the SDK returns as is', async () => {
    const result: ChatResult = {
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'toolu_01XYZ', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      finish: { unified: 'tool-calls', raw: 'tool_use' },
      usage: { inputTokens: 480, outputTokens: 41, cacheReadTokens: 462 },
      status: 'completed',
    }
    const message = await client(Client, () => json(dialect.encodeResponse(result, CONTEXT))).messages.create(
      PARAMS,
    )
    expect(message).toMatchObject({
      id: CONTEXT.id,
      type: 'message',
      stop_reason: 'tool_use',
      usage: { input_tokens: 18, cache_read_input_tokens: 462, output_tokens: 41 },
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_01XYZ', name: 'get_weather', input: { city: 'Paris' } },
      ],
    })
    expect((message as unknown as { _request_id?: string })._request_id).toBe(REQUEST_ID)
  })

  const HTTP_ERRORS: Array<[GatewayErrorKind, number, string, keyof ClientClass | undefined]> = [
    ['invalid_request', 400, 'invalid_request_error', 'BadRequestError'],
    ['authentication', 401, 'authentication_error', 'AuthenticationError'],
    ['permission', 403, 'permission_error', 'PermissionDeniedError'],
    ['model_not_found', 404, 'not_found_error', 'NotFoundError'],
    ['method_not_allowed', 405, 'invalid_request_error', undefined],
    ['request_too_large', 413, 'request_too_large', undefined],
    ['rate_limit', 429, 'rate_limit_error', 'RateLimitError'],
    ['server_error', 500, 'api_error', 'InternalServerError'],
    ['timeout', 504, 'timeout_error', 'InternalServerError'],
    ['overloaded', 529, 'overloaded_error', 'InternalServerError'],
  ]

  it.each(HTTP_ERRORS)(
    'HTTP %s → %i: the SDK error class, status, type and request id',
    async (kind, status, type, className) => {
      const { status: encodedStatus, body } = dialect.encodeError(
        new GatewayError(kind, `a ${kind} problem`),
        REQUEST_ID,
      )
      expect(encodedStatus).toBe(status)
      const call = client(Client, () => json(body, encodedStatus)).messages.create(PARAMS)
      const error: unknown = await call.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(
        className === undefined ? Client.APIError : (Client[className] as unknown as typeof Client.APIError),
      )
      expect(error).toMatchObject({ status, type, requestID: REQUEST_ID, error: body })
    },
  )

  it('any generated part sequence reaches the stream helper as the same reply', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb({ jsonArguments: true, terminal: 'end' }), async (scenario) => {
        const message = await client(Client, () => sse(scenario.parts))
          .messages.stream(PARAMS)
          .finalMessage()
        const expected = expectedAfterRoundTrip(scenario)
        expect(message.stop_reason).toBe(scenario.finishCase.wire)
        const usage = expected.usage ?? { inputTokens: 0, outputTokens: 0 }
        expect(message.usage).toMatchObject({
          input_tokens: usage.inputTokens - (usage.cacheReadTokens ?? 0) - (usage.cacheWriteTokens ?? 0),
          output_tokens: usage.outputTokens,
          cache_read_input_tokens: usage.cacheReadTokens ?? 0,
          cache_creation_input_tokens: usage.cacheWriteTokens ?? 0,
        })
        // The SDK keeps block boundaries; the canonical reply joins adjacent text.
        const content: Array<{ type: string; text?: string; id?: string; name?: string; input?: unknown }> =
          []
        for (const block of message.content) {
          const last = content[content.length - 1]
          if (block.type === 'text') {
            if (last?.type === 'text') last.text += block.text
            else content.push({ type: 'text', text: block.text })
          } else if (block.type === 'tool_use') {
            content.push({ type: 'tool-call', id: block.id, name: block.name, input: block.input })
          } else if (block.type === 'thinking') {
            content.push({ type: 'reasoning', text: block.thinking })
          }
        }
        expect(content).toEqual(
          expected.content.map((part) =>
            part.type === 'tool-call'
              ? {
                  type: 'tool-call',
                  id: part.id,
                  name: part.name,
                  input: JSON.parse(part.arguments) as unknown,
                }
              : part,
          ),
        )
      }),
      { numRuns: 40 },
    )
  })
})
