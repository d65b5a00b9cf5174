import fc from 'fast-check'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../chat/chat-request'
import { GATEWAY_ERROR_KINDS, GatewayError, type GatewayErrorKind } from '../../chat/errors'
import { reduceStreamParts } from '../../chat/reduce-stream-part'
import type { StreamPart } from '../../chat/stream-part'
import type { EncodeContext } from '../dialect'
import { encodeSseFrame } from '../sse/sse-encode'
import { partSequence } from './__fixtures__/openai-arbitraries'
import { openaiChatDialect } from './index'

/**
 * The real `openai` SDK (6.49) against this dialect's server half, through a custom fetch that plays
 * a minimal gateway: it checks the URL and key, decodes the SDK's body with `decodeRequest` (so the
 * decoder is proven to accept what the SDK sends), and answers with `encodeStream`/`encodeResponse`
 * output or an `encodeError` body. This proves dialects.md part E before any server exists.
 */

const REQUEST_ID = 'req_gw_0001'
const CREATED = 1735689600
const MODEL = 'vendorb3.8-Flash-Next'

type Reply =
  | { kind: 'stream'; parts: StreamPart[] }
  | { kind: 'json'; parts: StreamPart[] }
  | { kind: 'error'; error: GatewayError }

type Seen = { url: string; authorization: string | null; decoded?: ChatRequest }

function gateway(reply: Reply): { client: OpenAI; seen: Seen[] } {
  const seen: Seen[] = []
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const entry: Seen = { url: request.url, authorization: request.headers.get('authorization') }
    seen.push(entry)
    let decoded: ChatRequest
    try {
      decoded = openaiChatDialect.decodeRequest(JSON.parse(await request.text()))
      entry.decoded = decoded
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error
      return errorResponse(error)
    }
    if (reply.kind === 'error') return errorResponse(reply.error)
    const context: EncodeContext = {
      id: 'chatcmpl-conf1',
      model: decoded.model,
      created: CREATED,
      includeUsage: decoded.includeUsage ?? false,
    }
    if (reply.kind === 'json') {
      const result = { ...reduceStreamParts(reply.parts), status: 'completed' as const }
      return new Response(JSON.stringify(openaiChatDialect.encodeResponse(result, context)), {
        headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
      })
    }
    const encoder = openaiChatDialect.encodeStream(context)
    let sse = ''
    for (const part of reply.parts) for (const frame of encoder.push(part)) sse += encodeSseFrame(frame)
    for (const frame of encoder.end()) sse += encodeSseFrame(frame)
    return new Response(sse, { headers: { 'content-type': 'text/event-stream', 'x-request-id': REQUEST_ID } })
  }
  const client = new OpenAI({
    apiKey: 'sk-conformance',
    baseURL: 'http://gateway.test/v1',
    maxRetries: 0,
    fetch: fetchImpl as typeof fetch,
  })
  return { client, seen }
}

function errorResponse(error: GatewayError): Response {
  const { status, body } = openaiChatDialect.encodeError(error, REQUEST_ID)
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
  })
}

const TEXT_REPLY: StreamPart[] = [
  { type: 'start', id: 'msg_upstream', model: 'upstream' },
  { type: 'text-delta', text: 'Hello' },
  { type: 'text-delta', text: ' wörld 👋' },
  { type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } },
  { type: 'usage', usage: { inputTokens: 12, outputTokens: 4, cacheReadTokens: 2 } },
  { type: 'end' },
]

// As the Messages parser would produce them: usage first, text, then calls with `toolu_` ids.
const TOOL_REPLY: StreamPart[] = [
  { type: 'usage', usage: { inputTokens: 30, outputTokens: 0 } },
  { type: 'start', id: 'msg_01', model: 'upstream' },
  { type: 'text-delta', text: 'Checking both.' },
  { type: 'tool-call-start', index: 0, id: 'toolu_A', name: 'get_weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Zürich"}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-start', index: 1, id: 'toolu_B', name: 'get_time' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"CET"}' },
  { type: 'tool-call-end', index: 1 },
  { type: 'usage', usage: { inputTokens: 30, outputTokens: 21, reasoningTokens: 3 } },
  { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_use' } },
  { type: 'end' },
]

const messages = [{ role: 'user' as const, content: 'Hi wörld' }]
const weatherTools = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      strict: true,
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'get_time',
      strict: true,
      parameters: { type: 'object', properties: { tz: { type: 'string' } }, required: ['tz'] },
    },
  },
]

describe('openai SDK against encodeStream', () => {
  it('raw create({stream:true}) iteration yields the text, finish and the usage chunk', async () => {
    const { client, seen } = gateway({ kind: 'stream', parts: TEXT_REPLY })
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    const finishes: Array<string | null> = []
    let usage: OpenAI.CompletionUsage | null | undefined
    for await (const chunk of stream) {
      expect(chunk.id).toBe('chatcmpl-conf1')
      for (const choice of chunk.choices) {
        text += choice.delta.content ?? ''
        finishes.push(choice.finish_reason)
      }
      if (chunk.usage) usage = chunk.usage
    }
    expect(text).toBe('Hello wörld 👋')
    expect(finishes.filter((f) => f !== null)).toEqual(['stop'])
    expect(usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 4,
      total_tokens: 16,
      prompt_tokens_details: { cached_tokens: 2 },
      completion_tokens_details: { reasoning_tokens: 0 },
    })
    expect(seen).toEqual([
      {
        url: 'http://gateway.test/v1/chat/completions',
        authorization: 'Bearer sk-conformance',
        decoded: {
          model: MODEL,
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi wörld' }] }],
          stream: true,
          includeUsage: true,
        },
      },
    ])
  })

  it('the .stream() helper builds the final completion: text, finish reason, usage, identity', async () => {
    const { client } = gateway({ kind: 'stream', parts: TEXT_REPLY })
    const completion = await client.chat.completions
      .stream({ model: MODEL, messages, stream_options: { include_usage: true } })
      .finalChatCompletion()
    expect(completion.id).toBe('chatcmpl-conf1')
    expect(completion.model).toBe(MODEL)
    expect(completion.created).toBe(CREATED)
    expect(completion.choices).toHaveLength(1)
    expect(completion.choices[0]?.message.role).toBe('assistant')
    expect(completion.choices[0]?.message.content).toBe('Hello wörld 👋')
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expect(completion.usage?.prompt_tokens).toBe(12)
    expect(completion.usage?.completion_tokens).toBe(4)
    expect(completion.usage?.prompt_tokens_details?.cached_tokens).toBe(2)
  })

  it('the .stream() helper assembles two tool calls with parsed arguments', async () => {
    const { client } = gateway({ kind: 'stream', parts: TOOL_REPLY })
    const runner = client.chat.completions.stream({
      model: MODEL,
      messages,
      tools: weatherTools,
      stream_options: { include_usage: true },
    })
    const completion = await runner.finalChatCompletion()
    const message = completion.choices[0]?.message
    expect(message?.content).toBe('Checking both.')
    expect(
      message?.tool_calls?.map((call) =>
        call.type === 'function' ? [call.id, call.function.name, call.function.parsed_arguments] : [],
      ),
    ).toEqual([
      ['toolu_A', 'get_weather', { city: 'Zürich' }],
      ['toolu_B', 'get_time', { tz: 'CET' }],
    ])
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls')
    expect(completion.usage).toMatchObject({
      prompt_tokens: 30,
      completion_tokens: 21,
      total_tokens: 51,
      completion_tokens_details: { reasoning_tokens: 3 },
    })
  })

  it('the .stream() helper completes an empty reply (role and finish are always sent)', async () => {
    const { client } = gateway({ kind: 'stream', parts: [{ type: 'end' }] })
    const completion = await client.chat.completions.stream({ model: MODEL, messages }).finalChatCompletion()
    expect(completion.choices[0]?.message.content).toBeNull()
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expect(completion.usage).toBeUndefined()
  })

  it('a mid-stream error makes raw iteration throw APIError (no status) after the text so far', async () => {
    const { client } = gateway({
      kind: 'stream',
      parts: [
        { type: 'text-delta', text: 'partial' },
        { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' } },
      ],
    })
    const stream = await client.chat.completions.create({ model: MODEL, messages, stream: true })
    let text = ''
    const failure = await (async () => {
      try {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(text).toBe('partial')
    expect(failure).toBeInstanceOf(OpenAI.APIError)
    const apiError = failure as InstanceType<typeof OpenAI.APIError>
    expect(apiError.status).toBeUndefined()
    expect(apiError.message).toBe('Overloaded')
    expect(apiError.type).toBe('server_error')
    expect(apiError.code).toBe('overloaded')
  })

  it('an upstream that drops mid-stream reaches the helper as an error, never as a finished reply', async () => {
    const { client } = gateway({ kind: 'stream', parts: [{ type: 'text-delta', text: 'cut' }] })
    await expect(
      client.chat.completions.stream({ model: MODEL, messages }).finalChatCompletion(),
    ).rejects.toThrow('The upstream stream ended before completion.')
  })

  it('any legal part sequence ending normally gives the helper the reduced text, calls, finish and usage', async () => {
    const normal = partSequence.filter((s) => s.terminal === 'end')
    await fc.assert(
      fc.asyncProperty(normal, fc.boolean(), async ({ parts }, includeUsage) => {
        const { client } = gateway({ kind: 'stream', parts })
        const completion = await client.chat.completions
          .stream({
            model: MODEL,
            messages,
            ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
          })
          .finalChatCompletion()
        const expected = reduceStreamParts(parts)
        const message = completion.choices[0]?.message
        const text = expected.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')
        expect(message?.content ?? '').toBe(text)
        const calls = expected.content.flatMap((p) =>
          p.type === 'tool-call' ? [[p.id, p.name, p.arguments]] : [],
        )
        expect(
          (message?.tool_calls ?? []).map((c) =>
            c.type === 'function' ? [c.id, c.function.name, c.function.arguments] : [],
          ),
        ).toEqual(calls)
        expect(completion.choices[0]?.finish_reason).toBe(expected.finish?.raw)
        if (includeUsage && expected.usage !== undefined) {
          expect(completion.usage?.prompt_tokens).toBe(expected.usage.inputTokens)
          expect(completion.usage?.completion_tokens).toBe(expected.usage.outputTokens)
        } else {
          // No usage chunk: `usage` stays null (include_usage) or absent.
          expect(completion.usage ?? undefined).toBeUndefined()
        }
      }),
      { numRuns: 60 },
    )
  })
})

describe('openai SDK against encodeResponse', () => {
  it('create() without stream reads the completion and the request id', async () => {
    const { client, seen } = gateway({ kind: 'json', parts: TOOL_REPLY })
    const { data, request_id } = await client.chat.completions
      .create({ model: MODEL, messages, tools: weatherTools, tool_choice: 'required', temperature: 0.3 })
      .withResponse()
    expect(request_id).toBe(REQUEST_ID)
    expect(data.object).toBe('chat.completion')
    expect(data.choices[0]?.message.content).toBe('Checking both.')
    expect(data.choices[0]?.message.tool_calls).toEqual([
      { id: 'toolu_A', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Zürich"}' } },
      { id: 'toolu_B', type: 'function', function: { name: 'get_time', arguments: '{"tz":"CET"}' } },
    ])
    expect(data.choices[0]?.finish_reason).toBe('tool_calls')
    expect(data.usage?.total_tokens).toBe(51)
    expect(seen[0]?.decoded).toMatchObject({ toolChoice: 'required', temperature: 0.3, stream: false })
  })
})

describe('openai SDK against encodeError', () => {
  const classes: Partial<Record<GatewayErrorKind, unknown>> = {
    invalid_request: OpenAI.BadRequestError,
    context_length_exceeded: OpenAI.BadRequestError,
    authentication: OpenAI.AuthenticationError,
    permission: OpenAI.PermissionDeniedError,
    not_found: OpenAI.NotFoundError,
    model_not_found: OpenAI.NotFoundError,
    rate_limit: OpenAI.RateLimitError,
    server_error: OpenAI.InternalServerError,
    overloaded: OpenAI.InternalServerError,
    timeout: OpenAI.InternalServerError,
  }

  it.each(GATEWAY_ERROR_KINDS)(
    '%s becomes the SDK error class with status, request id, type and code',
    async (kind) => {
      const { client } = gateway({ kind: 'error', error: new GatewayError(kind, `refused: ${kind}`) })
      const failure = await client.chat.completions
        .create({ model: MODEL, messages })
        .catch((error: unknown) => error)
      const { status, body } = openaiChatDialect.encodeError(new GatewayError(kind, 'x'))
      const wire = (body as { error: { type: string; code: string | null } }).error
      expect(failure).toBeInstanceOf(OpenAI.APIError)
      const expectedClass = classes[kind]
      if (expectedClass !== undefined) expect(failure).toBeInstanceOf(expectedClass as typeof OpenAI.APIError)
      const apiError = failure as InstanceType<typeof OpenAI.APIError>
      expect(apiError.status).toBe(status)
      expect(apiError.requestID).toBe(REQUEST_ID)
      expect(apiError.message).toBe(`${status} refused: ${kind}`)
      expect(apiError.type).toBe(wire.type)
      expect(apiError.code).toBe(wire.code)
    },
  )

  it('a request the decoder refuses reaches the SDK as BadRequestError naming the field', async () => {
    const { client } = gateway({ kind: 'stream', parts: TEXT_REPLY })
    const failure = await client.chat.completions
      .create({ model: MODEL, messages, temperature: 3, stream: true })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError)
    const apiError = failure as InstanceType<typeof OpenAI.BadRequestError>
    expect(apiError.param).toBe('temperature')
    expect(apiError.message).toMatch(/^400 temperature: /)
    expect(apiError.requestID).toBe(REQUEST_ID)
  })

  it('a streaming request that fails before the stream starts throws before any chunk', async () => {
    const { client } = gateway({ kind: 'error', error: new GatewayError('rate_limit', 'slow down') })
    await expect(
      client.chat.completions.create({ model: MODEL, messages, stream: true }),
    ).rejects.toBeInstanceOf(OpenAI.RateLimitError)
  })
})
