import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { undiciConnectionWatcher } from './connection-watcher'

/**
 * A server that accepts at once but answers `?hold` requests only when the test releases them:
 * connected long before headers, for as long as the test needs, whatever the machine's speed.
 */
let server: Server
const held: ServerResponse[] = []
let origin: string
let closedPortUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').searchParams.has('hold')) {
      held.push(res)
      return
    }
    const delayMs = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? '0')
    setTimeout(() => res.end('ok'), delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // A port that was just free: connecting to it is refused.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPortUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function watched(url: string) {
  const events: string[] = []
  const promise = undiciConnectionWatcher.watch(() => fetch(url).then((r) => r.text()), {
    onRequest: () => events.push('request'),
    onConnected: () => events.push('connected'),
  })
  return {
    events,
    done: promise.then(
      () => events.push('response'),
      () => events.push('failed'),
    ),
  }
}

describe('undiciConnectionWatcher (Node fetch)', () => {
  it('reports the connection of each request before its slow response, with several at once', async () => {
    const slow = watched(`${origin}/?hold`)
    const fast = watched(`${origin}/?delay=0`)
    await fast.done
    // The slow request has not been answered yet, but its connection is known to be open.
    await expect.poll(() => held.length).toBe(1)
    await expect.poll(() => slow.events).toEqual(['request', 'connected'])
    held.splice(0).forEach((res) => res.end('ok'))
    await Promise.all([slow.done, fast.done])
    expect(slow.events).toEqual(['request', 'connected', 'response'])
    expect(fast.events).toEqual(['request', 'connected', 'response'])
  })

  it('never reports a connection that was refused, even next to one that succeeds', async () => {
    const refused = watched(closedPortUrl)
    const ok = watched(`${origin}/?delay=50`)
    await Promise.all([refused.done, ok.done])
    expect(refused.events).toEqual(['request', 'failed'])
    expect(ok.events).toEqual(['request', 'connected', 'response'])
  })

  it('reports reused keep-alive connections too', async () => {
    const first = watched(`${origin}/?delay=0`)
    await first.done
    const second = watched(`${origin}/?delay=0`)
    await second.done
    expect(second.events).toEqual(['request', 'connected', 'response'])
  })

  it('watches a run that starts while another waits for its reply (the store is off between them)', async () => {
    const waiting = watched(`${origin}/?hold`)
    await expect.poll(() => waiting.events).toEqual(['request', 'connected'])
    // Nothing waits for its request now; the next run turns the store back on for itself.
    const next = watched(`${origin}/?delay=0`)
    const refused = watched(closedPortUrl)
    await Promise.all([next.done, refused.done])
    expect(next.events).toEqual(['request', 'connected', 'response'])
    expect(refused.events).toEqual(['request', 'failed'])
    held.splice(0).forEach((res) => res.end('ok'))
    await waiting.done
    expect(waiting.events).toEqual(['request', 'connected', 'response'])
  })
})
