import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { undiciConnectionWatcher } from './connection-watcher'

/** A server that accepts at once but answers only after `delayMs`: connected long before headers. */
let server: Server
let origin: string
let closedPortUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
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
    const slow = watched(`${origin}/?delay=300`)
    const fast = watched(`${origin}/?delay=0`)
    await new Promise((resolve) => setTimeout(resolve, 150))
    // The slow server has not answered yet, but its connection is known to be open.
    expect(slow.events).toEqual(['request', 'connected'])
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
})
