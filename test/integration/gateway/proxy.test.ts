import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import OpenAI from 'openai'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import type { DialectId } from '@shared/chat/chat-request'
import { startCapturingUpstream, UPSTREAM_WORDS, type CapturingUpstream } from './support/capturing-upstream'
import {
  BACK_KEY,
  CLIENT_KEY,
  FAST,
  TEXT_MODEL,
  UPSTREAM_KEY_ENV,
  startProxyGateway,
  startSimulatorGateway,
} from './support/gateways'
import { MESSAGES_HELLO, OPENAI_HELLO, bearer, readSse, xApiKey } from './support/raw-http'

/**
 * The proxy engine beyond the SDK scenarios (which run through it in openai-sdk / anthropic-sdk):
 * what reaches the upstream, what happens when the upstream misbehaves or the client leaves.
 */
const DIALECTS: DialectId[] = ['openai-chat', 'anthropic-messages']

let upstream: CapturingUpstream
const fronts: Partial<Record<DialectId, RunningGateway>> = {}
beforeAll(async () => {
  upstream = await startCapturingUpstream()
  for (const dialect of DIALECTS) {
    fronts[dialect] = await startProxyGateway({ upstreamBaseUrl: upstream.baseUrl, upstreamDialect: dialect })
  }
})
afterEach(() => {
  upstream.mode = 'reply'
})
afterAll(async () => {
  await Promise.all(DIALECTS.map((d) => fronts[d]?.close()))
  await upstream?.close()
})

/** The front gateway proxying every model to the capturing upstream in `dialect`. */
function front(dialect: DialectId): RunningGateway {
  return fronts[dialect] as RunningGateway
}

/** A client request in either dialect, streamed or not. */
function clientCall(
  gateway: RunningGateway,
  clientDialect: DialectId,
  options: { stream?: boolean; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const stream = options.stream ?? false
  const isMessages = clientDialect === 'anthropic-messages'
  return fetch(gateway.origin + (isMessages ? '/v1/messages' : '/v1/chat/completions'), {
    method: 'POST',
    headers: isMessages
      ? xApiKey(CLIENT_KEY, { authorization: `Bearer ${CLIENT_KEY}`, ...options.headers })
      : bearer(CLIENT_KEY, { 'x-api-key': CLIENT_KEY, ...options.headers }),
    body: JSON.stringify(
      isMessages ? MESSAGES_HELLO(TEXT_MODEL, { stream }) : OPENAI_HELLO(TEXT_MODEL, { stream }),
    ),
    ...(options.signal ? { signal: options.signal } : {}),
  })
}

const PAIRS = DIALECTS.flatMap((client) => DIALECTS.map((up) => ({ client, upstream: up })))

describe.each(PAIRS)('$client client → $upstream upstream', ({ client, upstream: upstreamDialect }) => {
  it('sends the upstream key only, never the client key nor client headers', async () => {
    const before = upstream.requests.length
    for (const stream of [false, true]) {
      const response = await clientCall(front(upstreamDialect), client, {
        stream,
        headers: { cookie: 'session=secret', 'x-custom': 'client-only', 'x-simulate': 'ttft-ms=0' },
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
    }
    const seen = upstream.requests.slice(before)
    expect(seen).toHaveLength(2)
    for (const request of seen) {
      const everything = JSON.stringify([request.rawHeaders, request.body, request.url])
      expect(everything).not.toContain(CLIENT_KEY)
      expect(request.headers['cookie']).toBeUndefined()
      expect(request.headers['x-custom']).toBeUndefined()
      // Forwarded on purpose: the gateway's own fault injection is on.
      expect(request.headers['x-simulate']).toBe('ttft-ms=0')
      if (upstreamDialect === 'openai-chat') {
        expect(request.url).toBe('/v1/chat/completions')
        expect(request.headers['authorization']).toBe(`Bearer ${BACK_KEY}`)
        expect(request.headers['x-api-key']).toBeUndefined()
      } else {
        expect(request.url).toBe('/v1/messages')
        expect(request.headers['x-api-key']).toBe(BACK_KEY)
        expect(request.headers['authorization']).toBeUndefined()
        expect(request.headers['anthropic-version']).toBe('2023-06-01')
      }
    }
  })

  it('carries the upstream reply back in the client dialect, streamed and not', async () => {
    const expected = UPSTREAM_WORDS.join('')
    const whole = await (await clientCall(front(upstreamDialect), client)).json()
    if (client === 'openai-chat') {
      expect(whole).toMatchObject({
        object: 'chat.completion',
        choices: [{ message: { content: expected } }],
      })
    } else {
      expect(whole).toMatchObject({ type: 'message', content: [{ type: 'text', text: expected }] })
    }
    const { events } = await readSse(await clientCall(front(upstreamDialect), client, { stream: true }))
    const streamedText = events
      .map((e) => {
        if (e.data === '[DONE]') return ''
        const data = JSON.parse(e.data) as {
          choices?: Array<{ delta?: { content?: string } }>
          delta?: { text?: string }
        }
        return data.choices?.[0]?.delta?.content ?? data.delta?.text ?? ''
      })
      .join('')
    expect(streamedText).toBe(expected)
    expect(events[events.length - 1]?.data).toMatch(client === 'openai-chat' ? /^\[DONE\]$/ : /message_stop/)
  })

  it('a client that disconnects mid-stream makes the proxy hang up on the upstream', async () => {
    upstream.mode = 'trickle'
    const controller = new AbortController()
    const response = await clientCall(front(upstreamDialect), client, {
      stream: true,
      signal: controller.signal,
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    const request = upstream.requests[upstream.requests.length - 1]
    expect(front(upstreamDialect).activeStreams()).toBe(1)
    controller.abort()
    // The upstream would trickle forever; it sees its connection closed instead.
    await expect(request?.ended).resolves.toBe('closed')
    await vi.waitFor(() => expect(front(upstreamDialect).activeStreams()).toBe(0), { timeout: 5_000 })
  })
})

describe('the connection to the upstream', () => {
  it.each(DIALECTS)(
    'requests one after another reuse one kept-alive socket (%s upstream)',
    async (dialect) => {
      const before = upstream.requests.length
      for (const stream of [false, true, false, true, false]) {
        const response = await clientCall(front(dialect), 'openai-chat', { stream })
        expect(response.status).toBe(200)
        await response.arrayBuffer()
      }
      const connections = new Set(upstream.requests.slice(before).map((request) => request.connection))
      expect(upstream.requests.length - before).toBe(5)
      expect(connections.size).toBe(1)
    },
  )

  it('a client that leaves before the upstream answers makes the proxy hang up on the upstream', async () => {
    upstream.mode = 'silent'
    const before = upstream.requests.length
    const controller = new AbortController()
    const call = clientCall(front('openai-chat'), 'anthropic-messages', { signal: controller.signal })
    await vi.waitFor(() => expect(upstream.requests.length).toBe(before + 1))
    controller.abort()
    await expect(call).rejects.toThrow()
    await expect(upstream.requests[before]?.ended).resolves.toBe('closed')
  })
})

describe('a streamed upstream text cut inside a UTF-8 character', () => {
  it('reaches the client whole: the proxy decodes across network chunks', async () => {
    const text = 'héllo 🙂 日本'
    const events = Buffer.from(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n` +
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
        'data: [DONE]\n\n',
    )
    // Cut in the middle of each multi-byte character: every piece ends inside one.
    const cuts = [...events.entries()].filter(([, byte]) => byte >= 0xc0).map(([index]) => index + 1)
    const server = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        let from = 0
        const next = (): void => {
          const to = cuts.shift()
          if (to === undefined) {
            res.end(events.subarray(from))
            return
          }
          res.write(events.subarray(from, to))
          from = to
          setTimeout(next, 5)
        }
        next()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const proxy = await startProxyGateway({
      upstreamBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      upstreamDialect: 'openai-chat',
    })
    try {
      const { events: received } = await readSse(await clientCall(proxy, 'openai-chat', { stream: true }))
      const streamed = received
        .filter((e) => e.data !== '[DONE]')
        .map(
          (e) =>
            (JSON.parse(e.data) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta
              ?.content ?? '',
        )
        .join('')
      expect(streamed).toBe(text)
    } finally {
      await proxy.close()
      server.closeAllConnections()
      server.close()
    }
  })
})

describe('an upstream that never ends its response after the terminal event', () => {
  it.each(DIALECTS)(
    'the %s client is done at once; the proxy hangs up on the upstream after a grace',
    async (client) => {
      upstream.mode = 'linger'
      const proxy = front(client === 'openai-chat' ? 'anthropic-messages' : 'openai-chat')
      const { events, connectionError } = await readSse(await clientCall(proxy, client, { stream: true }))
      expect(connectionError).toBeUndefined()
      expect(events[events.length - 1]?.data).toMatch(
        client === 'openai-chat' ? /^\[DONE\]$/ : /message_stop/,
      )
      const request = upstream.requests[upstream.requests.length - 1]
      await expect(request?.ended).resolves.toBe('closed')
      await vi.waitFor(() => expect(proxy.activeStreams()).toBe(0), { timeout: 5_000 })
    },
  )
})

describe('upstream failures reach the client in its own dialect', () => {
  it.each(PAIRS)(
    'x-simulate errors of a simulator back gateway keep their status: $client → $upstream',
    async ({ client, upstream: upstreamDialect }) => {
      const back = await startSimulatorGateway({}, BACK_KEY)
      const proxy = await startProxyGateway({ upstreamBaseUrl: back.baseUrl, upstreamDialect })
      try {
        for (const status of [400, 401, 403, 404, 429, 500, 503, 529]) {
          const response = await clientCall(proxy, client, { headers: { 'x-simulate': `status=${status}` } })
          expect(response.status).toBe(status)
          const body = (await response.json()) as Record<string, unknown>
          if (client === 'openai-chat') {
            expect(body).toMatchObject({ error: { message: expect.any(String), type: expect.any(String) } })
            expect(body['type']).toBeUndefined()
          } else {
            expect(body).toMatchObject({
              type: 'error',
              error: { type: expect.stringMatching(/_error$|^request_too_large$/) },
            })
          }
        }
      } finally {
        await proxy.close()
        await back.close()
      }
    },
  )

  it('an unreachable upstream → 502 in the client dialect', async () => {
    const closed = await startCapturingUpstream()
    await closed.close()
    for (const dialect of DIALECTS) {
      const proxy = await startProxyGateway({ upstreamBaseUrl: closed.baseUrl, upstreamDialect: dialect })
      try {
        const openai = await clientCall(proxy, 'openai-chat')
        expect(openai.status).toBe(502)
        expect(await openai.json()).toMatchObject({
          error: { message: expect.stringMatching(/unreachable/) },
        })
        const messages = await clientCall(proxy, 'anthropic-messages')
        expect(messages.status).toBe(502)
        expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } })
      } finally {
        await proxy.close()
      }
    }
  })

  it('no upstream key in the environment → a 500 that names the variable, and nothing sent upstream', async () => {
    const before = upstream.requests.length
    const proxy = await startGateway({
      apiKey: CLIENT_KEY,
      port: 0,
      config: resolveGatewayConfig({
        ...FAST,
        models: {
          [TEXT_MODEL]: {
            engine: 'proxy',
            upstream: { baseUrl: upstream.baseUrl, dialect: 'openai-chat', apiKeyEnv: UPSTREAM_KEY_ENV },
          },
        },
      }),
      env: {},
    })
    try {
      const response = await clientCall(proxy, 'openai-chat')
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining(UPSTREAM_KEY_ENV) },
      })
      expect(upstream.requests.length).toBe(before)
    } finally {
      await proxy.close()
    }
  })

  it('a silent upstream → 504 after timeoutMs; one that stalls mid-stream → an in-band timeout error', async () => {
    const proxy = await startGateway({
      apiKey: CLIENT_KEY,
      port: 0,
      config: resolveGatewayConfig({
        ...FAST,
        models: {
          [TEXT_MODEL]: {
            engine: 'proxy',
            upstream: {
              baseUrl: upstream.baseUrl,
              dialect: 'anthropic-messages',
              apiKeyEnv: UPSTREAM_KEY_ENV,
              timeoutMs: 300,
            },
          },
        },
      }),
      env: { [UPSTREAM_KEY_ENV]: BACK_KEY },
    })
    try {
      upstream.mode = 'silent'
      const silent = await clientCall(proxy, 'openai-chat')
      expect(silent.status).toBe(504)
      expect(await silent.json()).toMatchObject({ error: { code: 'timeout' } })

      upstream.mode = 'stall'
      const stalled = await readSse(await clientCall(proxy, 'anthropic-messages', { stream: true }))
      const last = stalled.events[stalled.events.length - 1]
      expect(last?.event).toBe('error')
      expect(JSON.parse(last?.data ?? '{}')).toMatchObject({ error: { type: 'timeout_error' } })
      const request = upstream.requests[upstream.requests.length - 1]
      await expect(request?.ended).resolves.toBe('closed')
    } finally {
      await proxy.close()
    }
  })

  it('timeoutMs bounds silences, not streams: a stream longer than it completes', async () => {
    const proxy = await startGateway({
      apiKey: CLIENT_KEY,
      port: 0,
      config: resolveGatewayConfig({
        ...FAST,
        models: {
          [TEXT_MODEL]: {
            engine: 'proxy',
            upstream: {
              baseUrl: upstream.baseUrl,
              dialect: 'openai-chat',
              apiKeyEnv: UPSTREAM_KEY_ENV,
              timeoutMs: 250,
            },
          },
        },
      }),
      env: { [UPSTREAM_KEY_ENV]: BACK_KEY },
    })
    try {
      upstream.mode = 'trickle'
      const controller = new AbortController()
      const response = await clientCall(proxy, 'openai-chat', { stream: true, signal: controller.signal })
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      let text = ''
      // Read until the 15th trickled delta: 15 × 40 ms is well over timeoutMs, yet nothing times out
      // because the trickle keeps the stream alive. (Bounded: the stream would end on an error.)
      while (!text.includes('" 15"')) {
        const { value, done } = await reader.read()
        if (done) break
        text += decoder.decode(value, { stream: true })
      }
      controller.abort()
      expect(text).not.toContain('"error"')
      expect(text).toContain('" 15"')
    } finally {
      await proxy.close()
    }
  })
})

describe('upstream model names and fault injection', () => {
  it('sends upstream.model when configured, and answers with the catalog name', async () => {
    const before = upstream.requests.length
    const proxy = await startGateway({
      apiKey: CLIENT_KEY,
      port: 0,
      config: resolveGatewayConfig({
        ...FAST,
        models: {
          [TEXT_MODEL]: {
            engine: 'proxy',
            upstream: {
              baseUrl: upstream.baseUrl,
              dialect: 'openai-chat',
              apiKeyEnv: UPSTREAM_KEY_ENV,
              model: 'upstream-name-7b',
            },
          },
        },
      }),
      env: { [UPSTREAM_KEY_ENV]: BACK_KEY },
    })
    try {
      const client = new OpenAI({ apiKey: CLIENT_KEY, baseURL: proxy.baseUrl, maxRetries: 0 })
      const reply = await client.chat.completions.create({
        model: TEXT_MODEL,
        messages: [{ role: 'user', content: 'Say hello.' }],
      })
      expect(reply.model).toBe(TEXT_MODEL)
      const sent = upstream.requests[before]
      expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ model: 'upstream-name-7b' })
    } finally {
      await proxy.close()
    }
  })

  it('a front with fault injection off does not forward x-simulate', async () => {
    const back = await startSimulatorGateway({}, BACK_KEY)
    const proxy = await startProxyGateway({
      upstreamBaseUrl: back.baseUrl,
      upstreamDialect: 'anthropic-messages',
      overrides: { faultInjection: false },
    })
    try {
      const response = await clientCall(proxy, 'openai-chat', { headers: { 'x-simulate': 'status=429' } })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ object: 'chat.completion' })
    } finally {
      await proxy.close()
      await back.close()
    }
  })

  it('the back gateway refuses the client key: a front without the right upstream key gets 401 from it', async () => {
    const back = await startSimulatorGateway({}, BACK_KEY)
    // The front is handed the CLIENT's key as its upstream key: the back must refuse it.
    const proxy = await startProxyGateway({
      upstreamBaseUrl: back.baseUrl,
      upstreamDialect: 'openai-chat',
      upstreamKey: CLIENT_KEY,
    })
    try {
      const response = await clientCall(proxy, 'anthropic-messages')
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
    } finally {
      await proxy.close()
      await back.close()
    }
  })
})
