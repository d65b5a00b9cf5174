import { randomUUID } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog, TEXT_MODEL } from '@shared/catalog'
import { createSink, createTestRegistry, keyForms, textOf, userRequest } from './run-harness'

const KEY = `sk-CANARY-${randomUUID()}`
const sink = createSink()

/** Misbehaving servers over real sockets: `/hang` accepts and never answers; `/idle` starts a stream and goes quiet. */
let server: Server
let origin: string
const openResponses = new Set<ServerResponse>()

beforeAll(async () => {
  server = createServer((req, res) => {
    openResponses.add(res)
    res.on('close', () => openResponses.delete(res))
    if (req.url?.startsWith('/idle')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      // One write: the client gets the text and the ping together, before the test moves the clock.
      res.write(
        'data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hello "}}]}\n\n' +
          ': ping\n\n',
      )
    }
    // `/hang`: headers never come.
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function registry(path: string) {
  return createTestRegistry(
    sink,
    { baseUrl: `${origin}${path}`, apiKey: KEY, catalog: buildCatalog({ baseUrl: origin }) },
    // The connect limit is shorter than the headers limit on purpose: a server that accepted the
    // connection must be reported as not answering, never as unreachable.
    {
      timeouts: { connectMs: 100, headersMs: 400, idleMs: 300 },
      retry: { maxRetries: 2, maxDelayMs: 10 },
      // Updates go out at once (the frame timer would be a fake timer too).
      scheduleFrame: (callback) => {
        const immediate = setImmediate(callback)
        return () => clearImmediate(immediate)
      },
    },
  )
}

/**
 * Real sockets, but the limits run on a clock the test owns: the connection and the bytes travel in
 * real time while the clock stands still, and a limit passes only when the test moves it. With real
 * timers, a busy machine that takes over 100 ms to see its own loopback connection opened got
 * "could not connect" instead of "did not answer": a verdict that depended on the machine's speed.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Waits for real events without moving the fake clock (`expect.poll` would advance it). */
async function realTimeUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold within 10 s')
    await new Promise((resolve) => setImmediate(resolve))
  }
}

function endedFlag(ended: Promise<unknown>): { value: boolean } {
  const flag = { value: false }
  void ended.then(() => (flag.value = true))
  return flag
}

describe('timeouts over real sockets', () => {
  it('headers: a server that accepts and never answers times out on headers, not connect', async () => {
    const { start, sent } = registry('/hang')
    const run = start({ dialect: 'openai-chat', request: userRequest('hi', { model: TEXT_MODEL.name }) })
    const ended = endedFlag(run.ended)
    // The server holds the request: the connection is open, and the connect limit is still to come.
    await realTimeUntil(() => openResponses.size === 1)
    await vi.advanceTimersByTimeAsync(399)
    expect(ended.value).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('timeout')
    expect(terminal.terminal?.message).toMatch(/did not answer within 0\.4 s/)
    expect(sent).toHaveLength(1)
    // The server sees the client leave.
    await expect.poll(() => openResponses.size, { timeout: 2_000 }).toBe(0)
  })

  it('idle: a stream that goes quiet (a ping, then nothing) times out, text kept', async () => {
    const { start } = registry('/idle')
    const run = start({ dialect: 'openai-chat', request: userRequest('hi', { model: TEXT_MODEL.name }) })
    const ended = endedFlag(run.ended)
    await realTimeUntil(() => textOf(run.updates()) === 'Hello ')
    await vi.advanceTimersByTimeAsync(299)
    expect(ended.value).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('timeout')
    expect(terminal.terminal?.message).toContain('idle timeout')
    expect(textOf(run.updates())).toBe('Hello ')
    expect(terminal.metrics?.ttftMs).toBeGreaterThanOrEqual(0)
    await expect.poll(() => openResponses.size, { timeout: 2_000 }).toBe(0)
  })

  it('leaks the canary key nowhere', () => {
    const texts = [...sink.updates.map((update) => JSON.stringify(update)), ...sink.logLines]
    expect(texts.length).toBeGreaterThan(4)
    for (const form of keyForms(KEY)) for (const text of texts) expect(text).not.toContain(form)
  })
})
