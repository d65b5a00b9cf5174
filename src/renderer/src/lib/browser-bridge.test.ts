// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createBrowserBridge,
  TOKEN_STORAGE_KEY,
  type BrowserBridge,
  type BrowserBridgeEnvironment,
} from './browser-bridge'
import { NO_TOKEN_HINT, TOKEN_HEADER } from '@shared/ipc/browser-transport'

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE'
const encoder = new TextEncoder()

type FetchCall = { url: string; init: RequestInit }

/** A streaming response body the test writes to, as the host would. */
function controllableStream(): {
  response: Response
  push(text: string): void
  end(): void
  fail(): void
} {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  }
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** Runs queued promise callbacks and stream reads. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

let bridges: BrowserBridge[] = []
function bridge(overrides: Partial<BrowserBridgeEnvironment> = {}): BrowserBridge {
  const created = createBrowserBridge({ report: () => undefined, ...overrides })
  bridges.push(created)
  return created
}

beforeEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  for (const created of bridges) created.close()
  bridges = []
})

describe('the access token', () => {
  it('is taken from the URL fragment, kept in sessionStorage, and removed from the address bar', () => {
    window.history.replaceState({ page: 1 }, '', `/index.html?view=chat#token=${TOKEN}&panel=curl`)
    const created = bridge({ fetch: vi.fn() })
    expect(created.hasToken).toBe(true)
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TOKEN)
    expect(window.location.href).toBe('http://localhost:3000/index.html?view=chat#panel=curl')
    expect(window.location.href).not.toContain(TOKEN)
    expect(window.history.state).toEqual({ page: 1 })
  })

  it('survives a reload: the stored token is used when the fragment is gone', async () => {
    window.history.replaceState(null, '', `/#token=${TOKEN}`)
    bridge({ fetch: vi.fn() })
    expect(window.location.hash).toBe('')
    // The reload: a fresh bridge on a URL without the token.
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse(200, { ok: true, value: null }),
    )
    const reloaded = bridge({ fetch })
    await reloaded.invoke('history:list', undefined)
    const init = fetch.mock.calls[0]?.[1] ?? {}
    expect((init.headers as Record<string, string>)[TOKEN_HEADER]).toBe(TOKEN)
  })

  it('prefers a fragment token (a newer launch) over a stored one', () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'old_token_0123456789abcdef')
    window.history.replaceState(null, '', `/#token=${TOKEN}`)
    bridge({ fetch: vi.fn() })
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TOKEN)
  })

  it('ignores a malformed fragment token but still clears it from the URL', () => {
    window.history.replaceState(null, '', `/#token=${encodeURIComponent('abc\r\nx-evil: 1')}`)
    const created = bridge({ fetch: vi.fn() })
    expect(created.hasToken).toBe(false)
    expect(window.location.hash).toBe('')
  })

  it('works for the page lifetime when storage is refused', async () => {
    window.history.replaceState(null, '', `/#token=${TOKEN}`)
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true, value: [] }))
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    const created = bridge({ fetch, sessionStorage: refusing })
    expect(await created.invoke('history:list', undefined)).toEqual({ ok: true, value: [] })
  })

  it('without a token, calls fail with the way to get one and nothing is sent', async () => {
    const fetch = vi.fn()
    const created = bridge({ fetch })
    expect(created.hasToken).toBe(false)
    expect(await created.invoke('app:info', undefined)).toEqual({
      ok: false,
      error: { code: 'no_token', message: NO_TOKEN_HINT },
    })
    created.on('history:changed', () => undefined)
    await settle()
    expect(fetch).not.toHaveBeenCalled()
    expect(NO_TOKEN_HINT).toContain('npm start')
  })
})

describe('invoke', () => {
  beforeEach(() => window.history.replaceState(null, '', `/#token=${TOKEN}`))

  it('POSTs JSON with the token header to the channel and returns the envelope', async () => {
    const calls: FetchCall[] = []
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return jsonResponse(200, { ok: true, value: undefined })
    })
    const result = await bridge({ fetch }).invoke('history:rename', { id: 'c1', title: 'Trip "notes"' })
    expect(result).toEqual({ ok: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/invoke/history%3Arename')
    expect(calls[0]?.init.method).toBe('POST')
    expect(calls[0]?.init.headers).toEqual({ 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN })
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ id: 'c1', title: 'Trip "notes"' })
  })

  it('sends an empty body for channels without input', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse(200, { ok: true, value: [] }),
    )
    await bridge({ fetch }).invoke('history:list', undefined)
    expect(fetch.mock.calls[0]?.[1].body).toBe('')
  })

  it("passes the host's refusal envelope through, with its message", async () => {
    const refusal = {
      ok: false,
      error: { code: 'unauthorized', message: `Token out of date. ${NO_TOKEN_HINT}` },
    }
    const fetch = vi.fn(async () => jsonResponse(401, refusal))
    expect(await bridge({ fetch }).invoke('app:info', undefined)).toEqual(refusal)
  })

  it('turns a non-envelope answer into a failure with the status', async () => {
    const fetch = vi.fn(
      async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    )
    const result = await bridge({ fetch }).invoke('app:info', undefined)
    expect(result).toEqual({
      ok: false,
      error: { code: 'http_502', message: expect.stringContaining('502') },
    })
  })

  it('turns a network failure into a failure that says the host is gone', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const result = await bridge({ fetch }).invoke('app:info', undefined)
    expect(result).toEqual({
      ok: false,
      error: { code: 'host_unreachable', message: expect.stringContaining('npm start') },
    })
  })
})

describe('events', () => {
  beforeEach(() => window.history.replaceState(null, '', `/#token=${TOKEN}`))

  it('opens one stream with the token on the first subscription and dispatches by channel', async () => {
    const stream = controllableStream()
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => stream.response)
    const created = bridge({ fetch })
    const history: unknown[] = []
    const updates: unknown[] = []
    created.on('history:changed', (payload) => history.push(payload))
    created.on('chat:update', (payload) => updates.push(payload))
    await settle()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/events')
    expect((fetch.mock.calls[0]?.[1].headers as Record<string, string>)[TOKEN_HEADER]).toBe(TOKEN)

    // Split mid-line and mid-character, as the network may.
    const wire =
      ': connected\n\nevent: chat:update\ndata: {"runId":"r1","text":"héllo"}\n\nevent: history:changed\ndata: null\n\n'
    const bytes = encoder.encode(wire)
    stream.push(new TextDecoder().decode(bytes.slice(0, 30)))
    stream.push(new TextDecoder().decode(bytes.slice(30)))
    await settle()
    expect(updates).toEqual([{ runId: 'r1', text: 'héllo' }])
    // `null` on the wire is an event without payload.
    expect(history).toEqual([undefined])
  })

  it('stops calling a listener after unsubscribe, and one throwing listener does not stop the others', async () => {
    const stream = controllableStream()
    const report = vi.fn()
    const created = bridge({ fetch: vi.fn(async () => stream.response), report })
    const seen: string[] = []
    created.on('history:changed', () => {
      throw new Error('boom')
    })
    const off = created.on('history:changed', () => seen.push('second'))
    created.on('profiles:changed', () => seen.push('profiles'))
    await settle()
    stream.push('event: history:changed\ndata: null\n\n')
    await settle()
    off()
    stream.push('event: history:changed\ndata: null\n\nevent: profiles:changed\ndata: null\n\n')
    await settle()
    expect(seen).toEqual(['second', 'profiles'])
    expect(report).toHaveBeenCalledWith('A history:changed listener failed.', expect.any(Error))
  })

  it('reconnects with growing delays while the host is away, and resets them once connected', async () => {
    const delays: number[] = []
    const streams = [controllableStream(), controllableStream()]
    let attempt = 0
    const fetch = vi.fn(async () => {
      attempt++
      if (attempt === 1) return streams[0]!.response
      if (attempt <= 4) throw new TypeError('Failed to fetch')
      if (attempt === 5) return streams[1]!.response
      return controllableStream().response
    })
    const created = bridge({
      fetch,
      reconnectDelaysMs: [10, 20, 40],
      setTimeout: (callback, ms) => {
        delays.push(ms)
        return setTimeout(callback, 0)
      },
    })
    const seen: unknown[] = []
    created.on('chat:update', (payload) => seen.push(payload))
    await settle()
    streams[0]!.push(': connected\n\nevent: chat:update\ndata: 1\n\n')
    await settle()
    streams[0]!.fail() // the host went away mid-stream
    await settle()
    await settle()
    streams[1]!.push('event: chat:update\ndata: 2\n\n')
    await settle()
    expect(seen).toEqual([1, 2])
    expect(fetch).toHaveBeenCalledTimes(5)
    // First drop after data: backoff starts afresh (10), then grows and holds at the last delay.
    expect(delays).toEqual([10, 20, 40, 40])

    // Connected again: the next drop starts from the first delay.
    streams[1]!.end()
    await settle()
    expect(delays.at(-1)).toBe(10)
  })

  it('gives up, with the reason, when the host refuses the stream', async () => {
    const report = vi.fn()
    const refusal = {
      ok: false,
      error: { code: 'unauthorized', message: `Token out of date. ${NO_TOKEN_HINT}` },
    }
    const fetch = vi.fn(async () => jsonResponse(401, refusal))
    const setTimeoutSpy = vi.fn()
    bridge({ fetch, report, setTimeout: setTimeoutSpy }).on('history:changed', () => undefined)
    await settle()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(setTimeoutSpy).not.toHaveBeenCalled()
    expect(report).toHaveBeenCalledWith(refusal.error.message)
  })

  it('close() ends the stream and stops reconnecting', async () => {
    const stream = controllableStream()
    let signal: AbortSignal | undefined
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined
      return stream.response
    })
    const setTimeoutSpy = vi.fn()
    const created = bridge({ fetch, setTimeout: setTimeoutSpy })
    created.on('history:changed', () => undefined)
    await settle()
    created.close()
    stream.end()
    await settle()
    expect(signal?.aborted).toBe(true)
    expect(setTimeoutSpy).not.toHaveBeenCalled()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
