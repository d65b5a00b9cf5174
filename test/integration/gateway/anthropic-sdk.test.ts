import Anthropic from '@anthropic-ai/sdk'
import type { APIError } from '@anthropic-ai/sdk'
import Anthropic0x from 'anthropic-sdk-0x'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LONG_PROMPT,
  LONG_PROMPT_TOKENS,
  OVERSIZED_TEXT,
  PROMPT_OVERHEAD_MARGIN,
  REPORT_SCHEMA,
  TINY_PNG_BASE64,
  WEATHER_PARAMETERS,
  expectReport,
} from './support/sdk-expectations'
import { MODELS, ROUTES, TEXT_MODEL, VISION_MODEL, routeKind, startGatewayChain } from './support/gateways'
import type { GatewayChain, Route } from './support/gateways'

/**
 * Both official Anthropic SDKs against the local gateway: 1.x (Authorization: Bearer,
 * anthropic-version 2026-10-21) and 0.x (x-api-key, 2023-06-01), straight to the simulator, through a
 * same-dialect proxy and through one that translates to Chat Completions.
 */
let chain: GatewayChain
beforeAll(async () => {
  chain = await startGatewayChain()
})
afterAll(() => chain?.close())

const TEXT_CONTEXT = 262144

/**
 * The 0.x client has the same runtime surface for everything used here (messages.create/stream,
 * models.list, the error classes); it is typed as the 1.x one so one body of tests serves both.
 */
type Sdk = { name: string; Client: typeof Anthropic; has1xErrorClasses: boolean }
const SDKS: Sdk[] = [
  { name: '@anthropic-ai/sdk 1.x', Client: Anthropic, has1xErrorClasses: true },
  {
    name: 'anthropic-sdk-0x (0.x)',
    Client: Anthropic0x as unknown as typeof Anthropic,
    has1xErrorClasses: false,
  },
]

const WEATHER_TOOL: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: WEATHER_PARAMETERS,
}

function textOf(message: Anthropic.Message): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
}

describe.each(SDKS)('$name', (sdk) => {
  describe.each(ROUTES)('via %s', (route: Route) => {
    const client = (apiKey?: string) =>
      new sdk.Client({
        apiKey: apiKey ?? chain.endpoints[route].apiKey,
        // The Anthropic SDKs append /v1 themselves: their base URL is the origin.
        baseURL: chain.endpoints[route].origin,
        maxRetries: 0,
        // An explicit timeout also lifts the SDK's client-side refusal of large non-streaming max_tokens.
        timeout: 30_000,
      })
    const hello: Anthropic.MessageCreateParamsNonStreaming = {
      model: TEXT_MODEL,
      max_tokens: 400,
      messages: [{ role: 'user', content: `Say hello (${routeKind(route, 'anthropic-messages')}).` }],
    }
    const E = sdk.Client

    it('answers a non-streaming request with a message', async () => {
      const { data, response, request_id } = await client().messages.create(hello).withResponse()
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(data.type).toBe('message')
      expect(data.role).toBe('assistant')
      expect(data.id).toMatch(/^msg_/)
      expect(data.model).toBe(TEXT_MODEL)
      expect(request_id).toMatch(/^req_/)
      expect(data.stop_reason).toBe('end_turn')
      expect(data.content[0]?.type).toBe('text')
      expect(textOf(data)).toMatch(/simulat/i)
      // Which dialect the simulator served proves the request really travelled the route.
      expect(textOf(data)).toContain(
        route === 'proxy to Chat Completions' ? '`openai-chat`' : '`anthropic-messages`',
      )
      expect(data.usage.input_tokens).toBeGreaterThan(0)
      expect(data.usage.output_tokens).toBeGreaterThan(0)
    })

    it('streams the same reply as raw events in the order of part B3', async () => {
      const whole = await client().messages.create(hello)
      const stream = await client().messages.create({ ...hello, stream: true })
      const types: string[] = []
      let text = ''
      let outputTokens = 0
      for await (const event of stream) {
        types.push(event.type)
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          text += event.delta.text
        if (event.type === 'message_delta') outputTokens = event.usage.output_tokens
      }
      expect(types[0]).toBe('message_start')
      expect(types[1]).toBe('content_block_start')
      expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop'])
      expect(text).toBe(textOf(whole))
      expect(outputTokens).toBe(whole.usage.output_tokens)
    })

    it('serves the stream helper: messages.stream(...).finalMessage()', async () => {
      const whole = await client().messages.create(hello)
      const deltas: string[] = []
      const stream = client()
        .messages.stream(hello)
        .on('text', (delta) => deltas.push(delta))
      const final = await stream.finalMessage()
      expect(textOf(final)).toBe(textOf(whole))
      expect(deltas.join('')).toBe(textOf(whole))
      expect(final.stop_reason).toBe('end_turn')
      expect(final.usage.output_tokens).toBe(whole.usage.output_tokens)
    })

    it('makes a forced tool call, streamed or not', async () => {
      const request: Anthropic.MessageCreateParamsNonStreaming = {
        ...hello,
        messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
        tools: [WEATHER_TOOL],
        tool_choice: { type: 'tool', name: 'get_weather' },
      }
      const whole = await client().messages.create(request)
      expect(whole.stop_reason).toBe('tool_use')
      const call = whole.content.find((block) => block.type === 'tool_use')
      if (call?.type !== 'tool_use') throw new Error('expected a tool_use block')
      expect(call.name).toBe('get_weather')
      expect(call.id).toMatch(/^[A-Za-z0-9_-]+$/)
      const input = call.input as { city: string; unit: string }
      expect(input.city).toBe('Paris')
      expect(['celsius', 'fahrenheit']).toContain(input.unit)

      const streamed = await client().messages.stream(request).finalMessage()
      expect(streamed.stop_reason).toBe('tool_use')
      const streamedCall = streamed.content.find((block) => block.type === 'tool_use')
      if (streamedCall?.type !== 'tool_use') throw new Error('expected a tool_use block')
      expect(streamedCall.name).toBe('get_weather')
      expect(streamedCall.input).toEqual(input)
    })

    it('returns JSON matching output_config.format json_schema', async () => {
      const message = await client().messages.create({
        ...hello,
        messages: [{ role: 'user', content: 'Weather report for Oslo as JSON.' }],
        output_config: { format: { type: 'json_schema', schema: { ...REPORT_SCHEMA } } },
      })
      expect(message.stop_reason).toBe('end_turn')
      expectReport(textOf(message))
    })

    it('stops at max_tokens with stop_reason max_tokens, streamed or not', async () => {
      const request: Anthropic.MessageCreateParamsNonStreaming = {
        model: TEXT_MODEL,
        max_tokens: 12,
        messages: [{ role: 'user', content: 'Write a long essay about rivers.' }],
      }
      const whole = await client().messages.create(request)
      expect(whole.stop_reason).toBe('max_tokens')
      expect(whole.usage.output_tokens).toBe(12)
      const streamed = await client().messages.stream(request).finalMessage()
      expect(streamed.stop_reason).toBe('max_tokens')
      expect(textOf(streamed)).toBe(textOf(whole))
    })

    it('lists both catalog models in the Messages shape with models.list()', async () => {
      const page = await client().models.list()
      expect(page.data.map((m) => m.id)).toEqual([...MODELS])
      for (const model of page.data) {
        expect(model.type).toBe('model')
        expect(model.display_name).toBe(model.id)
        expect(Number.isNaN(Date.parse(model.created_at))).toBe(false)
      }
    })

    describe('errors raise the SDK class that matches the status', () => {
      it('wrong key → AuthenticationError 401 authentication_error', async () => {
        const error = await client('sk-wrong')
          .messages.create(hello)
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.AuthenticationError)
        expect((error as APIError).status).toBe(401)
        expect((error as APIError).error).toMatchObject({
          type: 'error',
          error: { type: 'authentication_error' },
        })
        expect((error as APIError).requestID).toMatch(/^req_/)
      })

      it('unknown route → NotFoundError 404 not_found_error; wrong method → 405 in the Messages shape', async () => {
        const notFound = await client()
          .get('/v1/no-such-route')
          .catch((e: unknown) => e)
        expect(notFound).toBeInstanceOf(E.NotFoundError)
        expect((notFound as APIError).error).toMatchObject({
          type: 'error',
          error: { type: 'not_found_error' },
        })
        const wrongMethod = await client()
          .get('/v1/messages')
          .catch((e: unknown) => e)
        expect(wrongMethod).toBeInstanceOf(E.APIError)
        expect((wrongMethod as APIError).status).toBe(405)
        expect((wrongMethod as APIError).error).toMatchObject({
          type: 'error',
          error: { type: 'invalid_request_error' },
        })
      })

      it('invalid field → BadRequestError 400 naming the field', async () => {
        const error = await client()
          .messages.create({ ...hello, max_tokens: 0 })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.BadRequestError)
        expect((error as APIError).error).toMatchObject({
          error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') },
        })
      })

      it('unknown model → NotFoundError 404 not_found_error', async () => {
        const error = await client()
          .messages.create({ ...hello, model: 'no-such-model' })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.NotFoundError)
        expect((error as APIError).error).toMatchObject({
          error: { type: 'not_found_error', message: expect.stringContaining('no-such-model') },
        })
      })

      it('an image sent to the text model → BadRequestError naming its capability; the vision model takes it', async () => {
        const withImage = (model: string): Anthropic.MessageCreateParamsNonStreaming => ({
          ...hello,
          model,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } },
                { type: 'text', text: 'What is this?' },
              ],
            },
          ],
        })
        const error = await client()
          .messages.create(withImage(TEXT_MODEL))
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.BadRequestError)
        expect((error as APIError).message).toContain('LLM (Text)')
        const accepted = await client().messages.create(withImage(VISION_MODEL))
        expect(textOf(accepted)).toMatch(/image/i)
      })

      it('prompt + max_tokens over the context length → 400 invalid_request_error, counted in real tokens', async () => {
        const request = (maxTokens: number): Anthropic.MessageCreateParamsNonStreaming => ({
          model: TEXT_MODEL,
          max_tokens: maxTokens,
          messages: [{ role: 'user', content: LONG_PROMPT }],
        })
        const accepted = await client().messages.create(
          request(TEXT_CONTEXT - LONG_PROMPT_TOKENS - PROMPT_OVERHEAD_MARGIN),
        )
        expect(accepted.stop_reason).toBe('end_turn')
        const error = await client()
          .messages.create(request(TEXT_CONTEXT - LONG_PROMPT_TOKENS + 1))
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.BadRequestError)
        expect((error as APIError).error).toMatchObject({
          error: { type: 'invalid_request_error', message: expect.stringMatching(/prompt is too long/) },
        })
      })

      it('a body over the configured cap → 413 request_too_large', async () => {
        const error = await client()
          .messages.create({ ...hello, messages: [{ role: 'user', content: OVERSIZED_TEXT }] })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.APIError)
        expect((error as APIError).status).toBe(413)
        if (sdk.has1xErrorClasses) expect(error).toBeInstanceOf(Anthropic.ContentTooLargeError)
        expect((error as APIError).error).toMatchObject({ error: { type: 'request_too_large' } })
      })

      it('x-simulate status=429 → RateLimitError with its retry-after header', async () => {
        const error = await client()
          .messages.create(hello, { headers: { 'x-simulate': 'status=429, retry-after=7' } })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.RateLimitError)
        expect((error as APIError).status).toBe(429)
        expect((error as APIError).headers?.get('retry-after')).toBe('7')
        expect((error as APIError).error).toMatchObject({ error: { type: 'rate_limit_error' } })
      })

      it('x-simulate status=529 → the SDK overload class (OverloadedError in 1.x, InternalServerError in 0.x)', async () => {
        const error = await client()
          .messages.create(hello, { headers: { 'x-simulate': 'status=529' } })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.InternalServerError)
        if (sdk.has1xErrorClasses) expect(error).toBeInstanceOf(Anthropic.OverloadedError)
        expect((error as APIError).status).toBe(529)
        expect((error as APIError).error).toMatchObject({ error: { type: 'overloaded_error' } })
      })

      it('x-simulate midstream-error → event: error, the SDK throws an APIError without status', async () => {
        const stream = await client().messages.create(
          { ...hello, stream: true },
          { headers: { 'x-simulate': 'midstream-error' } },
        )
        let text = ''
        const error = await (async () => {
          for await (const event of stream) {
            if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
              text += event.delta.text
          }
        })().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(E.APIError)
        expect((error as APIError).status).toBeUndefined()
        expect((error as APIError).error).toMatchObject({ error: { type: 'overloaded_error' } })
        expect(text.length).toBeGreaterThan(0)

        const helper = client()
          .messages.stream(hello, { headers: { 'x-simulate': 'midstream-error' } })
          .finalMessage()
        await expect(helper).rejects.toBeInstanceOf(E.APIError)
      })

      it('x-simulate drop-after=5 → the stream helper rejects (no message_stop arrives)', async () => {
        const helper = client()
          .messages.stream(hello, { headers: { 'x-simulate': 'drop-after=5' } })
          .finalMessage()
        await expect(helper).rejects.toBeInstanceOf(E.AnthropicError)
      })
    })
  })
})
