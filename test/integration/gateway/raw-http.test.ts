import { execFile } from 'node:child_process'
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { networkInterfaces } from 'node:os'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { catalogModelEnvelopeSchema, catalogModelListSchema } from '@shared/catalog'
import type { RunningGateway } from '@gateway/start-gateway'
import { CLIENT_KEY, MODELS, TEXT_MODEL, VISION_MODEL, startSimulatorGateway } from './support/gateways'
import {
  MESSAGES_HELLO,
  OPENAI_HELLO,
  bearer,
  postJson,
  reachesGateway,
  readSse,
  xApiKey,
} from './support/raw-http'

/**
 * What the SDKs hide: headers, statuses, shapes and SSE bytes, with plain fetch. One gateway with a
 * short keep-alive interval (so a slow first token shows pings) and one with fault injection off.
 */
let gateway: RunningGateway
let noFaults: RunningGateway
beforeAll(async () => {
  gateway = await startSimulatorGateway({ keepAliveMs: 30 })
  noFaults = await startSimulatorGateway({ faultInjection: false })
})
afterAll(async () => {
  await Promise.all([gateway?.close(), noFaults?.close()])
})

const url = (path: string) => gateway.origin + path

function expectRequestIds(response: Response): string {
  const id = response.headers.get('x-request-id')
  expect(id).toMatch(/^req_[A-Za-z0-9]{10,}$/)
  expect(response.headers.get('request-id')).toBe(id)
  return id as string
}

describe('request ids', () => {
  it('every response carries x-request-id and request-id (same, fresh each time), errors and 404s included', async () => {
    const responses = await Promise.all([
      fetch(url('/v1/models'), { headers: bearer(CLIENT_KEY) }),
      postJson(url('/v1/chat/completions'), OPENAI_HELLO(TEXT_MODEL), bearer(CLIENT_KEY)),
      postJson(url('/v1/chat/completions'), OPENAI_HELLO(TEXT_MODEL, { stream: true }), bearer(CLIENT_KEY)),
      postJson(url('/v1/messages'), MESSAGES_HELLO(TEXT_MODEL, { stream: true }), xApiKey(CLIENT_KEY)),
      fetch(url('/v1/models'), { headers: bearer('sk-wrong') }),
      fetch(url('/v1/no-such-route'), { headers: bearer(CLIENT_KEY) }),
      fetch(url('/v1/chat/completions'), { headers: bearer(CLIENT_KEY) }),
      fetch(url('/v1/catalog/unknown'), { headers: bearer(CLIENT_KEY) }),
      fetch(url('/v1/chat/completions'), { method: 'POST', headers: bearer(CLIENT_KEY), body: '{' }),
      postJson(url('/v1/messages'), MESSAGES_HELLO('no-such-model'), xApiKey(CLIENT_KEY)),
    ])
    const statuses = responses.map((r) => r.status)
    expect(statuses).toEqual([200, 200, 200, 200, 401, 404, 405, 404, 400, 404])
    const ids = responses.map(expectRequestIds)
    expect(new Set(ids).size).toBe(ids.length)
    await Promise.all(responses.map((r) => r.arrayBuffer()))
  })

  it('a Messages error body repeats the request id of its headers', async () => {
    const response = await postJson(url('/v1/messages'), MESSAGES_HELLO('no-such-model'), xApiKey(CLIENT_KEY))
    const body = (await response.json()) as { request_id: string }
    expect(body.request_id).toBe(response.headers.get('request-id'))
  })
})

describe('methods, media types, bodies', () => {
  it.each([
    ['GET', '/v1/chat/completions', 'POST'],
    ['PUT', '/v1/messages', 'POST'],
    ['DELETE', '/v1/models', 'GET'],
    ['POST', '/v1/catalog', 'GET'],
    ['PATCH', '/v1/catalog/vendorb3.8-Flash-Next', 'GET'],
    ['GET', '/chat/completions', 'POST'],
  ])('%s %s → 405 with allow: %s', async (method, path, allowed) => {
    const response = await fetch(url(path), { method, headers: bearer(CLIENT_KEY) })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe(allowed)
    const body = (await response.json()) as { error: { message: string; type: string } }
    expect(body.error.type).toBe('invalid_request_error')
    expect(body.error.message).toContain(allowed)
  })

  it('a body over the configured cap → 413, whether Content-Length says so or not', async () => {
    const oversized = JSON.stringify(OPENAI_HELLO(TEXT_MODEL, { user: 'x'.repeat(300 * 1024) }))
    const declared = await fetch(url('/v1/chat/completions'), {
      method: 'POST',
      headers: bearer(CLIENT_KEY),
      body: oversized,
    })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ error: { code: 'request_too_large' } })

    // Chunked, no Content-Length: the cap is enforced on the bytes actually received.
    const bytes = new TextEncoder().encode(oversized)
    const chunked = await fetch(url('/v1/messages'), {
      method: 'POST',
      headers: xApiKey(CLIENT_KEY),
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await chunked.json()).toMatchObject({ type: 'error', error: { type: 'request_too_large' } })
  })

  it('text/plain → 415; invalid JSON → 400; an empty body → 400', async () => {
    const plain = await fetch(url('/v1/chat/completions'), {
      method: 'POST',
      headers: { ...bearer(CLIENT_KEY), 'content-type': 'text/plain' },
      body: JSON.stringify(OPENAI_HELLO(TEXT_MODEL)),
    })
    expect(plain.status).toBe(415)
    expect(await plain.json()).toMatchObject({ error: { code: 'unsupported_media_type' } })

    const invalid = await fetch(url('/v1/messages'), {
      method: 'POST',
      headers: xApiKey(CLIENT_KEY),
      body: '{"model": "x",',
    })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('not valid JSON') },
    })

    const empty = await fetch(url('/v1/chat/completions'), { method: 'POST', headers: bearer(CLIENT_KEY) })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ error: { type: 'invalid_request_error' } })
  })

  it('validation names the field in both dialects', async () => {
    const openai = await postJson(
      url('/v1/chat/completions'),
      OPENAI_HELLO(TEXT_MODEL, { temperature: 'hot' }),
      bearer(CLIENT_KEY),
    )
    expect(openai.status).toBe(400)
    expect(await openai.json()).toMatchObject({ error: { param: 'temperature' } })
    const messages = await postJson(
      url('/v1/messages'),
      { model: TEXT_MODEL, messages: [] },
      xApiKey(CLIENT_KEY),
    )
    expect(messages.status).toBe(400)
    expect(await messages.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/max_tokens|messages/) },
    })
  })
})

describe('auth', () => {
  it('is checked before route existence, method and body: no key or a wrong key → 401 everywhere', async () => {
    const attempts = await Promise.all([
      fetch(url('/v1/no-such-route')),
      fetch(url('/v1/no-such-route'), { headers: bearer('sk-wrong') }),
      fetch(url('/v1/chat/completions')),
      fetch(url('/v1/catalog')),
      fetch(url('/v1/catalog/vendorb3.8-Flash-Next'), { headers: bearer('sk-wrong') }),
      fetch(url('/v1/chat/completions'), { method: 'POST', headers: bearer('sk-wrong'), body: '{' }),
    ])
    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401])
    const body = (await attempts[1]?.json()) as { error: { code: string } }
    expect(body.error.code).toBe('invalid_api_key')
    // With the key, the same unknown route is a 404.
    expect((await fetch(url('/v1/no-such-route'), { headers: bearer(CLIENT_KEY) })).status).toBe(404)
  })

  it('accepts the key as Bearer or x-api-key on Messages, with 2023-06-01 or a later dated version', async () => {
    for (const headers of [
      xApiKey(CLIENT_KEY),
      { ...bearer(CLIENT_KEY), 'anthropic-version': '2026-10-21' },
    ]) {
      const response = await postJson(url('/v1/messages'), MESSAGES_HELLO(TEXT_MODEL), headers)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ type: 'message', stop_reason: 'end_turn' })
    }
  })

  it('Messages without anthropic-version, or with an earlier one → 400 naming the header', async () => {
    const { 'anthropic-version': _omitted, ...withoutVersion } = xApiKey(CLIENT_KEY)
    for (const headers of [withoutVersion, xApiKey(CLIENT_KEY, { 'anthropic-version': '2023-01-01' })]) {
      const response = await postJson(url('/v1/messages'), MESSAGES_HELLO(TEXT_MODEL), headers)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.stringContaining('anthropic-version') },
      })
    }
  })

  it('answers in the Messages shape when anthropic-version is sent to a non-chat route', async () => {
    const anthropicHeaders = { 'x-api-key': CLIENT_KEY, 'anthropic-version': '2023-06-01' }
    const notFound = await fetch(url('/v1/catalog/nothing-here'), { headers: anthropicHeaders })
    expect(notFound.status).toBe(404)
    expect(await notFound.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } })

    const unauthorized = await fetch(url('/v1/models'), {
      headers: { ...anthropicHeaders, 'x-api-key': 'sk-wrong' },
    })
    expect(unauthorized.status).toBe(401)
    expect(await unauthorized.json()).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    })

    const noRoute = await fetch(url('/v1/nowhere'), {
      headers: { authorization: `Bearer ${CLIENT_KEY}`, 'anthropic-version': '2026-10-21' },
    })
    expect(noRoute.status).toBe(404)
    expect(await noRoute.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } })

    // The same 404 without the header: the OpenAI shape.
    const openaiShape = await fetch(url('/v1/catalog/nothing-here'), { headers: bearer(CLIENT_KEY) })
    expect(await openaiShape.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'not_found' },
    })
  })

  it('a doubled /v1 (Anthropic SDK given a base URL with /v1) gets a 404 that says how to fix it', async () => {
    const response = await postJson(url('/v1/v1/messages'), MESSAGES_HELLO(TEXT_MODEL), xApiKey(CLIENT_KEY))
    expect(response.status).toBe(404)
    const body = (await response.json()) as { error: { message: string } }
    expect(body.error.message).toMatch(/without \/v1/)
  })
})

describe('models and catalog', () => {
  it('GET /v1/models: OpenAI list shape, or the Messages shape when anthropic-version is sent', async () => {
    const openai = await (await fetch(url('/v1/models'), { headers: bearer(CLIENT_KEY) })).json()
    expect(openai).toMatchObject({ object: 'list' })
    expect((openai as { data: Array<{ id: string; object: string }> }).data.map((m) => m.id)).toEqual([
      ...MODELS,
    ])
    const messages = await (
      await fetch(url('/v1/models'), {
        headers: { 'x-api-key': CLIENT_KEY, 'anthropic-version': '2023-06-01' },
      })
    ).json()
    expect(messages).toMatchObject({ has_more: false, first_id: VISION_MODEL, last_id: TEXT_MODEL })
  })

  it('GET /v1/catalog → { models: [...] }: strict spec records whose base URL is this gateway', async () => {
    const response = await fetch(url('/v1/catalog'), { headers: bearer(CLIENT_KEY) })
    expect(response.status).toBe(200)
    const list = catalogModelListSchema.parse(await response.json())
    expect(list.models.map((m) => m.id)).toEqual(MODELS.map((name) => `model_gateway:${name}`))
    const [vision, text] = list.models
    expect(vision).toMatchObject({
      source: 'model_gateway',
      label: VISION_MODEL,
      model: VISION_MODEL,
      family: 'custom',
      sort_order: 0,
      context_length: 1048576,
      pricing: { prompt: '1.4e-7', completion: '2.8e-7', input_cache_read: '2.8e-9' },
      free: false,
      stability: 'experimental',
      enabled: true,
      display_status: 'limited_free',
      status: 'online',
      quickstart_template: '',
    })
    expect(text).toMatchObject({
      sort_order: 2,
      context_length: 262144,
      pricing: { prompt: '1.5e-7', completion: '4.6999999999999995e-7', input_cache_read: '1.6e-8' },
      display_status: 'free_endpoint',
    })
    for (const record of list.models) {
      expect(record.supported_parameters).toEqual([
        'temperature',
        'max_tokens',
        'top_p',
        'stream',
        'response_format',
        'tools',
        'tool_choice',
      ])
      const access = record.token_factory.access
      expect(access.base_url).toEqual({ label: 'Base URL', value: gateway.baseUrl, copyable: true })
      expect(access.model.value).toBe(record.model)
      expect(access.api_key).toMatchObject({ value: '', copyable: false, masked: true })
      expect(access.quickstarts.map((q) => q.label)).toEqual(['OpenAI (curl)', 'Anthropic (curl)'])
      for (const quickstart of access.quickstarts) expect(quickstart.value).toContain(gateway.baseUrl)
    }
    expect(text?.token_factory.pricing.items.map((i) => i.amount)).toEqual([
      '0.15',
      '0.46999999999999995',
      '0.016',
    ])
  })

  it.each([
    ['the URL-encoded catalog id', (name: string) => `model_gateway%3A${name}`],
    ['the catalog id as is', (name: string) => `model_gateway:${name}`],
    ['the bare model name', (name: string) => name],
  ])('GET /v1/catalog/<id> by %s → { model: <record> }', async (_how, idFor) => {
    for (const name of MODELS) {
      const response = await fetch(url(`/v1/catalog/${idFor(name)}`), { headers: bearer(CLIENT_KEY) })
      expect(response.status).toBe(200)
      const { model } = catalogModelEnvelopeSchema.parse(await response.json())
      expect(model.id).toBe(`model_gateway:${name}`)
      expect(model.token_factory.access.base_url.value).toBe(gateway.baseUrl)
    }
  })

  it("the catalog's own quickstart commands run against this gateway (curl, key from the environment)", async () => {
    const response = await fetch(url(`/v1/catalog/${TEXT_MODEL}`), { headers: bearer(CLIENT_KEY) })
    const { model } = catalogModelEnvelopeSchema.parse(await response.json())
    for (const quickstart of model.token_factory.access.quickstarts) {
      const { stdout } = await promisify(execFile)('bash', ['-c', quickstart.value], {
        env: { PATH: process.env.PATH, MODEL_GATEWAY_API_KEY: CLIENT_KEY },
        timeout: 20_000,
      })
      const reply = JSON.parse(stdout) as { object?: string; type?: string }
      expect(reply.object ?? reply.type).toBe(
        quickstart.label.startsWith('OpenAI') ? 'chat.completion' : 'message',
      )
    }
  })
})

describe('streams on the wire (dialects.md part E)', () => {
  it('Chat Completions: data-only JSON events, role first, one finish, [DONE] last', async () => {
    const response = await postJson(
      url('/v1/chat/completions'),
      OPENAI_HELLO(TEXT_MODEL, { stream: true }),
      bearer(CLIENT_KEY, { accept: 'application/json' }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const { events, text, connectionError } = await readSse(response)
    expect(connectionError).toBeUndefined()
    expect(text).not.toMatch(/^event:/m)
    expect(events[events.length - 1]?.data).toBe('[DONE]')
    const chunks = events
      .slice(0, -1)
      .map((e) => JSON.parse(e.data) as { choices: Array<Record<string, unknown>> })
    expect((chunks[0]?.choices[0]?.['delta'] as { role?: string }).role).toBe('assistant')
    expect(chunks.filter((c) => c.choices[0]?.['finish_reason'] != null)).toHaveLength(1)
  })

  it('Messages: every event named and typed alike, message_start first, message_stop last, usage objects', async () => {
    const response = await postJson(
      url('/v1/messages'),
      MESSAGES_HELLO(TEXT_MODEL, { stream: true }),
      xApiKey(CLIENT_KEY),
    )
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const { events } = await readSse(response)
    for (const event of events) expect((JSON.parse(event.data) as { type: string }).type).toBe(event.event)
    expect(events[0]?.event).toBe('message_start')
    expect(events[events.length - 1]?.event).toBe('message_stop')
    const start = JSON.parse(events[0]?.data ?? '{}') as { message: { usage: object; content: unknown[] } }
    expect(start.message.content).toEqual([])
    expect(typeof start.message.usage).toBe('object')
    const delta = events.find((e) => e.event === 'message_delta')
    expect(JSON.parse(delta?.data ?? '{}')).toMatchObject({ usage: { output_tokens: expect.any(Number) } })
  })

  it('flushes events as they are due: the first read holds content, not the whole reply', async () => {
    const response = await postJson(
      url('/v1/chat/completions'),
      // 50 tokens at 5/s: ten seconds of stream, of which the test reads only the first chunk.
      OPENAI_HELLO(TEXT_MODEL, { stream: true, max_tokens: 50 }),
      bearer(CLIENT_KEY, { 'x-simulate': 'tokens-per-second=5' }),
    )
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first).toMatch(/^data: \{/)
    expect(first).not.toContain('[DONE]')
    await reader.cancel()
  })

  it.each([
    [
      'Chat Completions',
      '/v1/chat/completions',
      OPENAI_HELLO(TEXT_MODEL, { stream: true }),
      bearer,
      ': ping\n\n',
    ],
    [
      'Messages',
      '/v1/messages',
      MESSAGES_HELLO(TEXT_MODEL, { stream: true }),
      xApiKey,
      'event: ping\ndata: {"type":"ping"}\n\n',
    ],
  ])(
    '%s: keep-alives during a long pause, then the normal stream',
    async (_name, path, body, headers, ping) => {
      const response = await postJson(url(path), body, headers(CLIENT_KEY, { 'x-simulate': 'ttft-ms=400' }))
      const { text } = await readSse(response)
      // The first generated text: a Messages text_delta, or a Chat Completions non-empty content delta.
      const firstContent = text.search(/"text_delta"|"delta":\{"content":"[^"]/)
      const firstPing = text.indexOf(ping)
      expect(firstPing).toBeGreaterThanOrEqual(0)
      expect(firstPing).toBeLessThan(firstContent)
      // Messages opens with message_start before any keep-alive (E.4): the prompt usage is known at once.
      if (path === '/v1/messages') expect(text.indexOf('event: message_start')).toBe(0)
      expect(text).toMatch(/(data: \[DONE\]|event: message_stop\ndata: \{"type":"message_stop"\})\n\n$/)
    },
  )
})

describe('x-simulate on the wire', () => {
  it('status=429 with retry-after: the header and the dialect body', async () => {
    const response = await postJson(
      url('/v1/messages'),
      MESSAGES_HELLO(TEXT_MODEL),
      xApiKey(CLIENT_KEY, { 'x-simulate': 'status=429; retry-after=3' }),
    )
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('3')
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } })
  })

  it('an invalid directive → 400 naming x-simulate', async () => {
    const response = await postJson(
      url('/v1/chat/completions'),
      OPENAI_HELLO(TEXT_MODEL),
      bearer(CLIENT_KEY, { 'x-simulate': 'status=banana' }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { param: 'x-simulate' } })
  })

  it('midstream-error: the error in-band in each dialect, and no terminal event', async () => {
    const openai = await readSse(
      await postJson(
        url('/v1/chat/completions'),
        OPENAI_HELLO(TEXT_MODEL, { stream: true }),
        bearer(CLIENT_KEY, { 'x-simulate': 'midstream-error' }),
      ),
    )
    const last = openai.events[openai.events.length - 1]
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({
      error: { type: 'server_error', message: expect.any(String) },
    })
    expect(openai.text).not.toContain('[DONE]')
    expect(openai.text).not.toContain('"finish_reason":"')

    const messages = await readSse(
      await postJson(
        url('/v1/messages'),
        MESSAGES_HELLO(TEXT_MODEL, { stream: true }),
        xApiKey(CLIENT_KEY, { 'x-simulate': 'midstream-error' }),
      ),
    )
    const lastEvent = messages.events[messages.events.length - 1]
    expect(lastEvent?.event).toBe('error')
    expect(JSON.parse(lastEvent?.data ?? '{}')).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    })
    expect(messages.events.some((e) => e.event === 'message_stop')).toBe(false)
  })

  it('drop-after=5: five content events, then the connection ends under the reader without a terminal event', async () => {
    const { events, connectionError } = await readSse(
      await postJson(
        url('/v1/chat/completions'),
        OPENAI_HELLO(TEXT_MODEL, { stream: true }),
        bearer(CLIENT_KEY, { 'x-simulate': 'drop-after=5' }),
      ),
    )
    expect(connectionError).toBeDefined()
    const contents = events.filter((e) => /"content":"[^"]/.test(e.data))
    expect(contents).toHaveLength(5)
    expect(events.some((e) => e.data === '[DONE]')).toBe(false)
  })

  it('fault injection disabled in the config → the header is ignored, even an invalid one', async () => {
    for (const directive of ['status=429', 'drop-after=1', 'status=banana']) {
      const response = await postJson(
        noFaults.origin + '/v1/chat/completions',
        OPENAI_HELLO(TEXT_MODEL, { stream: true }),
        bearer(CLIENT_KEY, { 'x-simulate': directive }),
      )
      expect(response.status).toBe(200)
      const { events, connectionError } = await readSse(response)
      expect(connectionError).toBeUndefined()
      expect(events[events.length - 1]?.data).toBe('[DONE]')
    }
  })
})

describe('lifecycle', () => {
  it('a client that disconnects mid-stream stops the engine: the gateway holds no stream afterwards', async () => {
    const controller = new AbortController()
    const response = await fetch(gateway.origin + '/v1/messages', {
      method: 'POST',
      headers: xApiKey(CLIENT_KEY, { 'x-simulate': 'tokens-per-second=5' }),
      body: JSON.stringify(MESSAGES_HELLO(TEXT_MODEL, { stream: true, max_tokens: 200 })),
      signal: controller.signal,
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    // 200 tokens at 5/s would hold the stream for 40 s.
    expect(gateway.activeStreams()).toBe(1)
    controller.abort()
    await vi.waitFor(() => expect(gateway.activeStreams()).toBe(0), { timeout: 5_000, interval: 20 })
  })

  it('streams beyond maxConcurrentStreams get an overload error, not a stalled stream', async () => {
    const small = await startSimulatorGateway({ maxConcurrentStreams: 1 })
    try {
      const controller = new AbortController()
      const holding = await fetch(small.origin + '/v1/chat/completions', {
        method: 'POST',
        headers: bearer(CLIENT_KEY, { 'x-simulate': 'tokens-per-second=5' }),
        body: JSON.stringify(OPENAI_HELLO(TEXT_MODEL, { stream: true, max_tokens: 100 })),
        signal: controller.signal,
      })
      expect(holding.status).toBe(200)
      const openai = await postJson(
        small.origin + '/v1/chat/completions',
        OPENAI_HELLO(TEXT_MODEL, { stream: true }),
        bearer(CLIENT_KEY),
      )
      expect(openai.status).toBe(503)
      expect(await openai.json()).toMatchObject({ error: { code: 'overloaded' } })
      const messages = await postJson(
        small.origin + '/v1/messages',
        MESSAGES_HELLO(TEXT_MODEL, { stream: true }),
        xApiKey(CLIENT_KEY),
      )
      expect(messages.status).toBe(529)
      expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } })
      // Non-streaming requests hold no stream slot.
      const plain = await postJson(
        small.origin + '/v1/chat/completions',
        OPENAI_HELLO(TEXT_MODEL),
        bearer(CLIENT_KEY),
      )
      expect(plain.status).toBe(200)
      controller.abort()
      await vi.waitFor(() => expect(small.activeStreams()).toBe(0), { timeout: 5_000 })
      const again = await postJson(
        small.origin + '/v1/chat/completions',
        OPENAI_HELLO(TEXT_MODEL, { stream: true }),
        bearer(CLIENT_KEY),
      )
      expect(again.status).toBe(200)
      await again.arrayBuffer()
    } finally {
      await small.close()
    }
  })

  it('keeps an idle connection past a pause: every reply, streams included, says how long, and a client that sends again after 5.5 s reuses its socket', async () => {
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 })
    const send = (path: string, body: unknown, headers: Record<string, string>) =>
      new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
        const request = httpRequest(
          url(path),
          { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
          (response) => {
            response.resume()
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                keepAlive: String(response.headers['keep-alive']),
                reused: request.reusedSocket,
              }),
            )
          },
        )
        request.on('error', reject)
        request.end(JSON.stringify(body))
      })
    try {
      const replies = [
        await send('/v1/chat/completions', OPENAI_HELLO(TEXT_MODEL, { stream: true }), bearer(CLIENT_KEY)),
        await send('/v1/messages', MESSAGES_HELLO(TEXT_MODEL, { stream: true }), xApiKey(CLIENT_KEY)),
        await send('/v1/chat/completions', OPENAI_HELLO(TEXT_MODEL), bearer(CLIENT_KEY)),
      ]
      // Longer than Node's default keep-alive (5 s), after which the server may close it at any moment.
      await new Promise((resolve) => setTimeout(resolve, 5_500))
      replies.push(
        await send('/v1/messages', MESSAGES_HELLO(TEXT_MODEL, { stream: true }), xApiKey(CLIENT_KEY)),
      )
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200])
      // A minute and more, as docs/gateway.md says: a client that reads the hint keeps its socket.
      expect(replies.map((reply) => reply.keepAlive)).toEqual(replies.map(() => 'timeout=65'))
      expect(replies.map((reply) => reply.reused)).toEqual([false, true, true, true])
    } finally {
      agent.destroy()
    }
  }, 15_000)

  it('binds 127.0.0.1 by default: not reachable on any other interface address', async () => {
    expect(gateway.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await reachesGateway(gateway.origin, CLIENT_KEY, gateway.baseUrl)).toBe(true)
    const otherAddresses = Object.values(networkInterfaces())
      .flat()
      .filter((info) => info !== undefined && !info.internal && info.family === 'IPv4')
      .map((info) => info?.address as string)
    // 127.0.0.2 is loopback too, but not the address bound: a wildcard bind would answer there.
    for (const address of ['127.0.0.2', ...otherAddresses]) {
      const elsewhere = `http://${address}:${gateway.port}`
      expect(await reachesGateway(elsewhere, CLIENT_KEY, gateway.baseUrl), `via ${address}`).toBe(false)
    }
  })
})

describe('one routing table', () => {
  // A path only a URL parser recognises (percent-encoded letters) misses the exact-path fast lookup
  // and reaches the Hono layer: every route must still answer as on its plain path.
  it.each([
    ['/v1/chat/complet%69ons', '/v1/chat/completions', OPENAI_HELLO(TEXT_MODEL), bearer(CLIENT_KEY)],
    ['/v1/m%65ssages', '/v1/messages', MESSAGES_HELLO(TEXT_MODEL), xApiKey(CLIENT_KEY)],
    [
      '/v1/messages/count_t%6Fkens',
      '/v1/messages/count_tokens',
      MESSAGES_HELLO(TEXT_MODEL),
      xApiKey(CLIENT_KEY),
    ],
  ])('POST %s answers as POST %s', async (encoded, plain, body, headers) => {
    const [viaParser, direct] = await Promise.all([
      postJson(url(encoded), body, headers),
      postJson(url(plain), body, headers),
    ])
    expect(viaParser.status).toBe(200)
    expect(viaParser.status).toBe(direct.status)
    expectRequestIds(viaParser)
    const [parsedBody, directBody] = (await Promise.all([viaParser.json(), direct.json()])) as Record<
      string,
      unknown
    >[]
    expect(Object.keys(parsedBody ?? {}).sort()).toEqual(Object.keys(directBody ?? {}).sort())
    if (plain.endsWith('count_tokens')) expect(parsedBody).toEqual(directBody)
  })
})
