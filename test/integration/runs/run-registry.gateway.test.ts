import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { findModel, pointsForUsage, TEXT_MODEL, type CatalogModel } from '@shared/catalog'
import type { DialectId } from '@shared/chat/chat-request'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { dialects } from '@shared/dialects'
import {
  createSink,
  createTestRegistry,
  expectWellFormed,
  keyForms,
  partsOf,
  textOf,
  userRequest,
} from './run-harness'
import { startTcpRelay } from './tcp-relay'

const KEY = `sk-CANARY-${randomUUID()}`
const MODEL = TEXT_MODEL.name
const DIALECTS: DialectId[] = ['openai-chat', 'anthropic-messages']
const sink = createSink()

let gateway: RunningGateway
let catalog: CatalogModel[]

beforeAll(async () => {
  gateway = await startGateway({
    apiKey: KEY,
    port: 0,
    config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 2000 } }),
  })
  const response = await fetch(`${gateway.baseUrl}/catalog`, { headers: { authorization: `Bearer ${KEY}` } })
  catalog = ((await response.json()) as { models: CatalogModel[] }).models
})

afterAll(async () => {
  await gateway.close()
})

function registry(
  options: Parameters<typeof createTestRegistry>[2] & { apiKey?: string; baseUrl?: string } = {},
) {
  const { apiKey, baseUrl, ...rest } = options
  return createTestRegistry(
    sink,
    { baseUrl: baseUrl ?? gateway.baseUrl, apiKey: apiKey ?? KEY, catalog },
    // Fast retries: the gateway asks for `retry-after=0` in these tests; backoff is capped low.
    { retry: { maxRetries: 2, maxDelayMs: 50 }, ...rest },
  )
}

/** The same request, non-streaming, straight to the gateway: its usage is the reference. */
async function directUsage(dialect: DialectId, text: string) {
  const request = userRequest(text, { model: MODEL, stream: false })
  const { http } = dialects[dialect].buildRequest(request, { baseUrl: gateway.baseUrl, apiKey: KEY })
  const response = await fetch(http.url, { method: http.method, headers: http.headers, body: http.body })
  expect(response.status).toBe(200)
  return dialects[dialect].parseResponse(await response.json())
}

describe.each(DIALECTS)('runs against the local gateway: %s', (dialect) => {
  it('streams text to completion with plausible metrics, the gateway usage and its points', async () => {
    const prompt = `Tell me about streams (${dialect}).`
    const { start } = registry()
    const run = start({ dialect, request: userRequest(prompt, { model: MODEL }) })
    const terminal = await run.ended
    const updates = run.updates()
    expectWellFormed(updates)
    expect(terminal.terminal).toEqual({ state: 'completed' })
    const text = textOf(updates)
    expect(text).toContain('Simulated')

    const response = updates.find((u) => u.response)?.response
    expect(response?.status).toBe(200)
    expect(response?.requestId).toMatch(/^req_/)
    expect(updates.flatMap((u) => u.rawEvents ?? []).length).toBeGreaterThan(10)

    const reference = await directUsage(dialect, prompt)
    const metrics = terminal.metrics!
    expect(metrics.usage).toEqual(reference.usage)
    expect(metrics.outputTokens).toBe(reference.usage?.outputTokens)
    expect(metrics.outputTokensEstimated).toBe(false)
    expect(metrics.points).toBe(
      pointsForUsage(reference.usage!, findModel(catalog, MODEL)!.token_factory.pricing),
    )
    expect(metrics.ttfbMs).toBeGreaterThanOrEqual(0)
    expect(metrics.ttftMs).toBeGreaterThanOrEqual(metrics.ttfbMs!)
    expect(metrics.totalMs).toBeGreaterThanOrEqual(metrics.ttftMs!)
    expect(metrics.tokensPerSecond).toBeGreaterThan(0)
    // The simulator paces 2,000 tokens/s; measured on arrival it cannot be wildly off.
    expect(metrics.tokensPerSecond).toBeLessThan(100_000)
    // Non-streaming gives the same reply (the simulator is deterministic).
    expect(reference.content[0]).toEqual({ type: 'text', text })
  })

  it('streams a forced tool call', async () => {
    const { start } = registry()
    const run = start({
      dialect,
      request: userRequest('What is the weather in Paris?', {
        model: MODEL,
        tools: [
          {
            name: 'get_weather',
            description: 'Current weather for a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
        toolChoice: { name: 'get_weather' },
      }),
    })
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({ state: 'completed' })
    const result = reduceStreamParts(partsOf(run.updates()))
    const call = result.content.find((item) => item.type === 'tool-call')
    expect(call).toMatchObject({ type: 'tool-call', name: 'get_weather' })
    expect(JSON.parse(call?.type === 'tool-call' ? call.arguments : '')).toHaveProperty('city')
    expect(result.finish?.unified).toBe('tool-calls')
    expect(terminal.metrics?.ttftMs).toBeGreaterThanOrEqual(0)
  })

  it('runs a non-streaming request to the same reply as the stream', async () => {
    const prompt = `One reply, two ways (${dialect}).`
    const { start } = registry()
    const streamed = start({ dialect, request: userRequest(prompt, { model: MODEL }) })
    const whole = start({ dialect, request: userRequest(prompt, { model: MODEL, stream: false }) })
    const [streamedEnd, wholeEnd] = await Promise.all([streamed.ended, whole.ended])
    expect(wholeEnd.terminal).toEqual({ state: 'completed' })
    expect(whole.updates().some((u) => (u.rawEvents ?? []).length > 0)).toBe(false)
    expect(textOf(whole.updates())).toBe(textOf(streamed.updates()))
    expect(wholeEnd.metrics?.usage).toEqual(streamedEnd.metrics?.usage)
    expectWellFormed(whole.updates())
  })

  it('cancel mid-stream: state aborted, partial text kept, and the stream really stops on the wire', async () => {
    const relay = await startTcpRelay(gateway.port)
    try {
      const prompt = `Write a long essay about rivers (${dialect}).`
      const request = userRequest(prompt, { model: MODEL, maxTokens: 400 })
      // 40 tokens/s: 400 tokens would take ten seconds.
      const { start, registry: slow } = registry({
        baseUrl: `http://127.0.0.1:${relay.port}/v1`,
        testHeaders: () => ({ 'x-simulate': 'tokens-per-second=40' }),
      })
      const run = start({ dialect, request })
      await expect.poll(() => textOf(run.updates()).length, { timeout: 5_000 }).toBeGreaterThan(20)
      slow.cancel(run.runId)
      const terminal = await run.ended
      expect(terminal.terminal?.state).toBe('aborted')
      const partial = textOf(run.updates())

      // The connection that carried the stream closes at once, and no more bytes flow.
      const streaming = relay.connections.filter((c) => c.downstreamBytes > 0)
      expect(streaming).toHaveLength(1)
      await expect.poll(() => streaming[0]?.closed, { timeout: 2_000 }).toBe(true)
      const bytes = relay.downstreamBytes
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(relay.downstreamBytes).toBe(bytes)
      expect(run.updates().at(-1)?.terminal?.state).toBe('aborted')

      // What was kept is the start of the real reply, and the reply was cut short.
      const { start: fast } = registry()
      const full = fast({ dialect, request: { ...request, stream: false } })
      await full.ended
      const fullText = textOf(full.updates())
      expect(fullText.startsWith(partial)).toBe(true)
      expect(fullText.length).toBeGreaterThan(partial.length)
    } finally {
      await relay.close()
    }
  })

  it('a wrong key is a 401 provider error, not retried', async () => {
    const { start, sent } = registry({ apiKey: `sk-wrong-${randomUUID()}` })
    const terminal = await start({ dialect, request: userRequest('hi', { model: MODEL }) }).ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ status: 401, kind: 'authentication' })
    expect(terminal.terminal?.error?.requestId).toMatch(/^req_/)
    expect(sent).toHaveLength(1)
  })

  it('a 429 is retried, and gives up after maxRetries with the rate-limit error', async () => {
    const { start, sent } = registry({ testHeaders: () => ({ 'x-simulate': 'status=429, retry-after=0' }) })
    const run = start({ dialect, request: userRequest('hi', { model: MODEL }) })
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ status: 429, kind: 'rate_limit' })
    expect(sent).toHaveLength(3)
    expect(run.updates().flatMap((u) => (u.retry ? [u.retry] : []))).toEqual([
      { attempt: 1, delayMs: 0, reason: expect.stringContaining('HTTP 429') },
      { attempt: 2, delayMs: 0, reason: expect.stringContaining('HTTP 429') },
    ])
  })

  it('a 429 is retried, and the next attempt succeeds', async () => {
    const { start, sent } = registry({
      testHeaders: (_input, attempt): Record<string, string> =>
        attempt === 0 ? { 'x-simulate': 'status=429, retry-after=0' } : {},
    })
    const run = start({ dialect, request: userRequest('hi', { model: MODEL }) })
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({ state: 'completed' })
    expect(sent).toHaveLength(2)
    expect(textOf(run.updates())).toContain('Simulated')
    expect(
      run
        .updates()
        .filter((u) => u.response)
        .map((u) => u.response?.status),
    ).toEqual([429, 200])
  })

  it('a 529 overload is retried, then reported as the overload it is', async () => {
    const { start, sent } = registry({ testHeaders: () => ({ 'x-simulate': 'status=529, retry-after=0' }) })
    const terminal = await start({ dialect, request: userRequest('hi', { model: MODEL }) }).ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ status: 529, kind: 'overloaded' })
    expect(sent).toHaveLength(3)
  })

  it('a mid-stream error is a provider error with the text so far kept', async () => {
    const { start, sent } = registry({ testHeaders: () => ({ 'x-simulate': 'midstream-error' }) })
    const run = start({ dialect, request: userRequest('hi', { model: MODEL }) })
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ kind: 'overloaded' })
    expect(terminal.terminal?.error?.status).toBeUndefined()
    expect(textOf(run.updates()).length).toBeGreaterThan(0)
    expect(sent).toHaveLength(1)
  })

  it('a dropped connection (drop-after=5) is incomplete, with the text kept, never retried', async () => {
    const { start, sent } = registry({ testHeaders: () => ({ 'x-simulate': 'drop-after=5' }) })
    const run = start({ dialect, request: userRequest('hi', { model: MODEL }) })
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('incomplete')
    expect(terminal.terminal?.message).toContain('the text so far is kept')
    expect(partsOf(run.updates()).filter((p) => p.type === 'text-delta')).toHaveLength(5)
    expect(sent).toHaveLength(1)
    expect(terminal.metrics?.ttftMs).toBeGreaterThanOrEqual(0)
  })
})

describe('no gateway', () => {
  it('an unreachable port is a network error in plain words, after retrying', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))

    const { start, sent } = registry({ baseUrl: `http://127.0.0.1:${port}/v1` })
    const run = start({ dialect: 'openai-chat', request: userRequest('hi', { model: MODEL }) })
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({
      state: 'network_error',
      message: `Could not connect to 127.0.0.1:${port} (connection refused). Is the gateway running?`,
    })
    expect(sent).toHaveLength(3)
    expect(terminal.metrics?.ttfbMs).toBeUndefined()
  })
})

describe('the canary key', () => {
  it('was in none of the updates and log lines of this file, in any encoding', () => {
    // Real traffic was searched: replies' text and raw events. (Not a count of updates: how many frames a
    // stream spans depends on the machine's speed.)
    expect(sink.updates.some((update) => (update.parts ?? []).length > 0)).toBe(true)
    expect(sink.updates.some((update) => (update.rawEvents ?? []).length > 0)).toBe(true)
    const texts = [...sink.updates.map((update) => JSON.stringify(update)), ...sink.logLines]
    for (const form of keyForms(KEY)) for (const text of texts) expect(text).not.toContain(form)
  })
})
