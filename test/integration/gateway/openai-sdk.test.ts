import OpenAI from 'openai'
import type { APIError } from 'openai'
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
 * The official `openai` SDK against the local gateway: straight to the simulator, through a proxy that
 * forwards in the same dialect, and through one that translates to Messages. Every scenario must look
 * the same to the client whichever way it travels.
 */
let chain: GatewayChain
beforeAll(async () => {
  chain = await startGatewayChain()
})
afterAll(() => chain?.close())

const TEXT_CONTEXT = 262144

const WEATHER_TOOL: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: { ...WEATHER_PARAMETERS } },
}

describe.each(ROUTES)('openai SDK via %s', (route: Route) => {
  const client = (apiKey?: string) =>
    new OpenAI({
      apiKey: apiKey ?? chain.endpoints[route].apiKey,
      baseURL: chain.endpoints[route].baseUrl,
      // Retries would hide the statuses under test (429 and 5xx are retried by default).
      maxRetries: 0,
      timeout: 30_000,
    })
  const hello: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
    model: TEXT_MODEL,
    messages: [{ role: 'user', content: `Say hello (${routeKind(route, 'openai-chat')}).` }],
  }

  it('answers a non-streaming request with a chat.completion', async () => {
    const { data, response, request_id } = await client().chat.completions.create(hello).withResponse()
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(data.object).toBe('chat.completion')
    expect(data.id).toMatch(/^chatcmpl-/)
    expect(data.model).toBe(TEXT_MODEL)
    expect(request_id).toMatch(/^req_/)
    const choice = data.choices[0]
    expect(choice?.finish_reason).toBe('stop')
    expect(choice?.message.role).toBe('assistant')
    expect(choice?.message.content).toMatch(/simulat/i)
    // Which dialect the simulator served proves the request really travelled the route.
    expect(choice?.message.content).toContain(
      route === 'proxy to Messages' ? '`anthropic-messages`' : '`openai-chat`',
    )
    expect(data.usage?.prompt_tokens).toBeGreaterThan(0)
    expect(data.usage?.completion_tokens).toBeGreaterThan(0)
    expect(data.usage?.total_tokens).toBe(
      (data.usage?.prompt_tokens ?? 0) + (data.usage?.completion_tokens ?? 0),
    )
  })

  it('streams the same reply chunk by chunk, with the usage chunk it asked for', async () => {
    const whole = await client().chat.completions.create(hello)
    const stream = await client().chat.completions.create({
      ...hello,
      stream: true,
      stream_options: { include_usage: true },
    })
    let text = ''
    const finishReasons: string[] = []
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = []
    for await (const chunk of stream) {
      chunks.push(chunk)
      text += chunk.choices[0]?.delta.content ?? ''
      const reason = chunk.choices[0]?.finish_reason
      if (reason) finishReasons.push(reason)
    }
    expect(chunks.length).toBeGreaterThan(3)
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant')
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1)
    expect(text).toBe(whole.choices[0]?.message.content)
    expect(finishReasons).toEqual(['stop'])
    const last = chunks[chunks.length - 1]
    expect(last?.choices).toEqual([])
    expect(last?.usage?.completion_tokens).toBe(whole.usage?.completion_tokens)
  })

  it('serves the stream helper: chat.completions.stream(...).finalChatCompletion()', async () => {
    const whole = await client().chat.completions.create(hello)
    const deltas: string[] = []
    const runner = client()
      .chat.completions.stream({ ...hello, stream: true })
      .on('content', (delta) => deltas.push(delta))
    const final = await runner.finalChatCompletion()
    expect(final.choices[0]?.message.content).toBe(whole.choices[0]?.message.content)
    expect(final.choices[0]?.finish_reason).toBe('stop')
    expect(deltas.join('')).toBe(whole.choices[0]?.message.content)
  })

  it('makes a forced tool call, streamed or not', async () => {
    const request: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: TEXT_MODEL,
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [WEATHER_TOOL],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    }
    const whole = await client().chat.completions.create(request)
    const choice = whole.choices[0]
    expect(choice?.finish_reason).toBe('tool_calls')
    const call = choice?.message.tool_calls?.[0]
    expect(call?.type).toBe('function')
    if (call?.type !== 'function') throw new Error('expected a function call')
    expect(call.id.length).toBeGreaterThan(0)
    expect(call.function.name).toBe('get_weather')
    const args = JSON.parse(call.function.arguments) as { city: string; unit: string }
    expect(args.city).toBe('Paris')
    expect(['celsius', 'fahrenheit']).toContain(args.unit)

    const streamed = await client()
      .chat.completions.stream({ ...request, stream: true })
      .finalChatCompletion()
    expect(streamed.choices[0]?.finish_reason).toBe('tool_calls')
    const streamedCall = streamed.choices[0]?.message.tool_calls?.[0]
    if (streamedCall?.type !== 'function') throw new Error('expected a function call')
    expect(streamedCall.function.name).toBe('get_weather')
    expect(JSON.parse(streamedCall.function.arguments)).toEqual(args)
  })

  it('returns JSON matching a json_schema response format (and the parse helper reads it)', async () => {
    const completion = await client().chat.completions.parse({
      model: TEXT_MODEL,
      messages: [{ role: 'user', content: 'Weather report for Oslo as JSON.' }],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'weather_report', schema: { ...REPORT_SCHEMA }, strict: true },
      },
    })
    const message = completion.choices[0]?.message
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expectReport(message?.content ?? '')
    expect(message?.parsed).toEqual(JSON.parse(message?.content ?? ''))
  })

  it('stops at max_tokens with finish_reason length, streamed or not', async () => {
    const request = {
      model: TEXT_MODEL,
      messages: [{ role: 'user' as const, content: 'Write a long essay about rivers.' }],
      max_tokens: 12,
    }
    const whole = await client().chat.completions.create(request)
    expect(whole.choices[0]?.finish_reason).toBe('length')
    expect(whole.usage?.completion_tokens).toBe(12)
    const streamed = await client()
      .chat.completions.stream({ ...request, stream: true })
      .finalChatCompletion()
    expect(streamed.choices[0]?.finish_reason).toBe('length')
    expect(streamed.choices[0]?.message.content).toBe(whole.choices[0]?.message.content)
  })

  it('lists both catalog models with models.list()', async () => {
    const page = await client().models.list()
    expect(page.data.map((m) => m.id)).toEqual([...MODELS])
    for (const model of page.data) expect(model.object).toBe('model')
  })

  describe('errors raise the SDK class that matches the status', () => {
    it('wrong key → AuthenticationError 401', async () => {
      const error = await client('sk-wrong')
        .chat.completions.create(hello)
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError)
      expect((error as APIError).status).toBe(401)
      expect((error as APIError).code).toBe('invalid_api_key')
      expect((error as APIError).requestID).toMatch(/^req_/)
    })

    it('unknown route → NotFoundError 404; wrong method → 405 (no dedicated class in this SDK)', async () => {
      const notFound = await client()
        .get('/no-such-route')
        .catch((e: unknown) => e)
      expect(notFound).toBeInstanceOf(OpenAI.NotFoundError)
      const wrongMethod = await client()
        .get('/chat/completions')
        .catch((e: unknown) => e)
      expect(wrongMethod).toBeInstanceOf(OpenAI.APIError)
      expect((wrongMethod as APIError).status).toBe(405)
      expect((wrongMethod as APIError).headers?.get('allow')).toBe('POST')
    })

    it('invalid field → BadRequestError 400 naming the field', async () => {
      const error = await client()
        .chat.completions.create({ ...hello, temperature: 7 })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.BadRequestError)
      expect((error as APIError).param).toBe('temperature')
      expect((error as APIError).message).toMatch(/temperature/)
    })

    it('unknown model → NotFoundError 404 model_not_found', async () => {
      const error = await client()
        .chat.completions.create({ ...hello, model: 'no-such-model' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.NotFoundError)
      expect((error as APIError).code).toBe('model_not_found')
      expect((error as APIError).message).toContain('no-such-model')
    })

    it('parallel_tool_calls: true → BadRequestError saying it is unsupported', async () => {
      const error = await client()
        .chat.completions.create({ ...hello, tools: [WEATHER_TOOL], parallel_tool_calls: true })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.BadRequestError)
      expect((error as APIError).param).toBe('parallel_tool_calls')
      expect((error as APIError).message).toMatch(/parallel tool calls/)
    })

    it('an image sent to the text model → BadRequestError naming its capability; the vision model takes it', async () => {
      const withImage = (model: string): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming => ({
        model,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG_BASE64}` } },
            ],
          },
        ],
      })
      const error = await client()
        .chat.completions.create(withImage(TEXT_MODEL))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.BadRequestError)
      expect((error as APIError).message).toContain('LLM (Text)')
      expect((error as APIError).message).toContain(TEXT_MODEL)
      const accepted = await client().chat.completions.create(withImage(VISION_MODEL))
      expect(accepted.choices[0]?.message.content).toMatch(/image/i)
    })

    it('prompt + max_tokens over the context length → context_length_exceeded, counted in real tokens', async () => {
      const request = (maxTokens: number) => ({
        model: TEXT_MODEL,
        messages: [{ role: 'user' as const, content: LONG_PROMPT }],
        max_tokens: maxTokens,
      })
      // Fits by real tokens even though characters/4 would say it does not.
      const room = TEXT_CONTEXT - LONG_PROMPT_TOKENS - PROMPT_OVERHEAD_MARGIN
      expect(LONG_PROMPT.length / 4).toBeGreaterThan(LONG_PROMPT_TOKENS + 2 * PROMPT_OVERHEAD_MARGIN)
      const accepted = await client().chat.completions.create(request(room))
      expect(accepted.choices[0]?.finish_reason).toBe('stop')

      const error = await client()
        .chat.completions.create(request(TEXT_CONTEXT - LONG_PROMPT_TOKENS + 1))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.BadRequestError)
      expect((error as APIError).code).toBe('context_length_exceeded')
      expect((error as APIError).message).toContain(String(TEXT_CONTEXT))
    })

    it('a body over the configured cap → 413', async () => {
      const error = await client()
        .chat.completions.create({ ...hello, messages: [{ role: 'user', content: OVERSIZED_TEXT }] })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.APIError)
      expect((error as APIError).status).toBe(413)
      expect((error as APIError).code).toBe('request_too_large')
    })

    it('x-simulate status=429 → RateLimitError with its retry-after header', async () => {
      const error = await client()
        .chat.completions.create(hello, { headers: { 'x-simulate': 'status=429, retry-after=7' } })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.RateLimitError)
      expect((error as APIError).status).toBe(429)
      expect((error as APIError).headers?.get('retry-after')).toBe('7')
    })

    it('x-simulate status=529 → InternalServerError with status 529', async () => {
      const error = await client()
        .chat.completions.create(hello, { headers: { 'x-simulate': 'status=529' } })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.InternalServerError)
      expect((error as APIError).status).toBe(529)
    })

    it('x-simulate midstream-error → the stream throws an APIError without status, after some text', async () => {
      const stream = await client().chat.completions.create(
        { ...hello, stream: true },
        { headers: { 'x-simulate': 'midstream-error' } },
      )
      let text = ''
      const error = await (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
      })().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(OpenAI.APIError)
      expect((error as APIError).status).toBeUndefined()
      expect((error as APIError).message).toMatch(/overloaded/i)
      expect(text.length).toBeGreaterThan(0)

      const helper = client()
        .chat.completions.stream({ ...hello, stream: true }, { headers: { 'x-simulate': 'midstream-error' } })
        .finalChatCompletion()
      await expect(helper).rejects.toBeInstanceOf(OpenAI.APIError)
    })

    it('x-simulate drop-after=5 → the stream helper rejects (no terminal event arrives)', async () => {
      const helper = client()
        .chat.completions.stream({ ...hello, stream: true }, { headers: { 'x-simulate': 'drop-after=5' } })
        .finalChatCompletion()
      // Directly: the connection ends under the reader. Through a proxy: the proxy saw its upstream
      // drop and reports that in-band, as an APIError without status.
      await expect(helper).rejects.toBeInstanceOf(OpenAI.OpenAIError)
    })
  })
})
