import { networkInterfaces } from 'node:os'
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { UserFacingError } from '../services/user-facing-error'
import { createFakeHandlers, type FakeHandlers } from '@test/support/fake-handlers'
import { openEventStream, type EventStreamClient } from './__fixtures__/event-stream-client'
import { rawRequest, type RawRequest, type RawResponse } from './__fixtures__/raw-http'
import { createRendererDir, type RendererDir } from './__fixtures__/renderer-dir'
import { createBrowserHost, type BrowserHost } from './create-browser-host'

const MAX_BODY_BYTES = 4096

let dir: RendererDir
let fake: FakeHandlers
let host: BrowserHost
let port: number
const log = vi.fn<(line: string) => void>()

beforeAll(async () => {
  dir = await createRendererDir()
  fake = createFakeHandlers()
  host = await createBrowserHost({
    handlers: fake.handlers,
    rendererDir: dir.rendererDir,
    maxBodyBytes: MAX_BODY_BYTES,
    log,
  })
  port = Number(new URL(host.origin).port)
})

afterAll(async () => {
  await host.close()
  await dir.remove()
})

afterEach(() => {
  for (const spy of Object.values(fake.spies)) spy.mockClear()
  log.mockClear()
})

/** What our own page sends: same origin, the token, JSON. */
function pageHeaders(hostName = '127.0.0.1'): Record<string, string> {
  return {
    host: `${hostName}:${port}`,
    origin: `http://${hostName}:${port}`,
    'sec-fetch-site': 'same-origin',
    'x-playground-token': host.token,
    'content-type': 'application/json',
  }
}

function invoke(
  channel: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const request: RawRequest = {
    method: 'POST',
    path: `/api/invoke/${encodeURIComponent(channel)}`,
    headers: { ...pageHeaders(), ...headers },
  }
  if (body !== undefined) request.body = body
  return rawRequest(port, request)
}

function without(headers: Record<string, string>, name: string): Record<string, string> {
  const copy = { ...headers }
  delete copy[name]
  return copy
}

function expectNoCorsHeaders(response: { headers: Record<string, unknown> }): void {
  expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
}

function envelopeCode(response: RawResponse): unknown {
  return (JSON.parse(response.body) as { ok: boolean; error?: { code: string } }).error?.code
}

describe('refused requests start nothing', () => {
  const renameInput = JSON.stringify({ id: 'c1', title: 'New title' })

  const cases: Array<{ name: string; send: () => Promise<RawResponse>; status: number; code: string }> = [
    {
      name: 'a foreign Host (DNS rebinding)',
      send: () => invoke('history:rename', renameInput, { host: `evil.example:${port}` }),
      status: 421,
      code: 'forbidden_host',
    },
    {
      name: 'a Host of another loopback port',
      send: () => invoke('history:rename', renameInput, { host: `127.0.0.1:${port + 1}` }),
      status: 421,
      code: 'forbidden_host',
    },
    {
      name: 'a Host without the port',
      send: () => invoke('history:rename', renameInput, { host: 'localhost' }),
      status: 421,
      code: 'forbidden_host',
    },
    {
      name: 'a foreign Origin',
      send: () => invoke('history:rename', renameInput, { origin: 'http://evil.example' }),
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'the Origin of another loopback port',
      send: () => invoke('history:rename', renameInput, { origin: `http://127.0.0.1:${port + 1}` }),
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'an https Origin of our host name',
      send: () => invoke('history:rename', renameInput, { origin: `https://127.0.0.1:${port}` }),
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'the opaque Origin null (sandboxed frame, file:)',
      send: () => invoke('history:rename', renameInput, { origin: 'null' }),
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'Sec-Fetch-Site: cross-site',
      send: () => invoke('history:rename', renameInput, { 'sec-fetch-site': 'cross-site' }),
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'Sec-Fetch-Site: same-site (another port of 127.0.0.1)',
      send: () => invoke('history:rename', renameInput, { 'sec-fetch-site': 'same-site' }),
      status: 403,
      code: 'forbidden_origin',
    },
    {
      name: 'a missing token',
      send: () =>
        rawRequest(port, {
          method: 'POST',
          path: '/api/invoke/history%3Arename',
          headers: without(pageHeaders(), 'x-playground-token'),
          body: renameInput,
        }),
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'a wrong token of the same length',
      send: () =>
        invoke('history:rename', renameInput, {
          'x-playground-token': host.token.slice(0, -1) + (host.token.endsWith('A') ? 'B' : 'A'),
        }),
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'the token as a prefix of a longer one',
      send: () => invoke('history:rename', renameInput, { 'x-playground-token': host.token + 'x' }),
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'the token in the query string instead of the header',
      send: () =>
        rawRequest(port, {
          method: 'POST',
          path: `/api/invoke/history%3Arename?token=${host.token}`,
          headers: without(pageHeaders(), 'x-playground-token'),
          body: renameInput,
        }),
      status: 401,
      code: 'unauthorized',
    },
    {
      name: 'a form post (application/x-www-form-urlencoded)',
      send: () =>
        invoke('history:rename', 'id=c1&title=New', { 'content-type': 'application/x-www-form-urlencoded' }),
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a text/plain post (a "simple" cross-site request)',
      send: () => invoke('history:rename', renameInput, { 'content-type': 'text/plain;charset=UTF-8' }),
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a multipart/form-data post',
      send: () =>
        invoke('history:rename', '--b\r\nContent-Disposition: form-data; name="id"\r\n\r\nc1\r\n--b--\r\n', {
          'content-type': 'multipart/form-data; boundary=b',
        }),
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a post without Content-Type',
      send: () =>
        rawRequest(port, {
          method: 'POST',
          path: '/api/invoke/history%3Arename',
          headers: without(pageHeaders(), 'content-type'),
          body: renameInput,
        }),
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a body over the cap (declared length)',
      send: () => invoke('history:rename', JSON.stringify({ id: 'c1', title: 'x'.repeat(MAX_BODY_BYTES) })),
      status: 413,
      code: 'payload_too_large',
    },
    {
      name: 'a body over the cap (chunked, no length)',
      send: () =>
        rawRequest(port, {
          method: 'POST',
          path: '/api/invoke/history%3Arename',
          headers: pageHeaders(),
          body: JSON.stringify({ id: 'c1', title: 'x'.repeat(MAX_BODY_BYTES * 4) }),
          chunked: true,
        }),
      status: 413,
      code: 'payload_too_large',
    },
    {
      name: 'an unknown channel',
      send: () => invoke('shell:exec', JSON.stringify({ command: 'touch /tmp/pwned' })),
      status: 404,
      code: 'unknown_channel',
    },
    {
      name: 'a prototype property as channel',
      send: () => invoke('__proto__', '{}'),
      status: 404,
      code: 'unknown_channel',
    },
    {
      name: 'input the contract rejects',
      send: () => invoke('history:rename', JSON.stringify({ id: 'c1', title: '' })),
      status: 400,
      code: 'invalid_input',
    },
    {
      name: 'input with an extra key (strict schema)',
      send: () => invoke('history:rename', JSON.stringify({ id: 'c1', title: 'ok', admin: true })),
      status: 400,
      code: 'invalid_input',
    },
    {
      name: 'a body that is not JSON',
      send: () => invoke('history:rename', '{"id": "c1",'),
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'a GET on an invoke channel',
      send: () =>
        rawRequest(port, { method: 'GET', path: '/api/invoke/history%3Arename', headers: pageHeaders() }),
      status: 405,
      code: 'method_not_allowed',
    },
  ]

  it.each(cases)('refuses $name with $status, calling no handler', async ({ send, status, code }) => {
    const response = await send()
    expect(response.status).toBe(status)
    expect(envelopeCode(response)).toBe(code)
    expect(JSON.parse(response.body)).toMatchObject({ ok: false })
    expectNoCorsHeaders(response)
    expect(fake.totalCalls()).toBe(0)
  })

  it('answers a cross-origin CORS preflight without any allow header', async () => {
    const response = await rawRequest(port, {
      method: 'OPTIONS',
      path: '/api/invoke/history%3Arename',
      headers: {
        host: `127.0.0.1:${port}`,
        origin: `http://127.0.0.1:${port + 1}`,
        'sec-fetch-site': 'same-site',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-playground-token',
      },
    })
    expect(response.status).toBe(403)
    expectNoCorsHeaders(response)
    expect(fake.totalCalls()).toBe(0)
  })

  it('answers OPTIONS even from our own page with 405 and no allow header', async () => {
    const response = await rawRequest(port, {
      method: 'OPTIONS',
      path: '/api/invoke/history%3Arename',
      headers: without(pageHeaders(), 'content-type'),
    })
    expect(response.status).toBe(405)
    expectNoCorsHeaders(response)
    expect(fake.totalCalls()).toBe(0)
  })

  it('logs each refusal without the token', async () => {
    await invoke('history:rename', renameInput, { origin: 'http://evil.example' })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log.mock.calls[0]?.[0]).toContain('forbidden_origin')
    expect(log.mock.calls[0]?.[0]).not.toContain(host.token)
  })
})

describe('allowed calls', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]'])('runs the handler for our page on %s', async (hostName) => {
    const response = await invoke('history:rename', JSON.stringify({ id: 'c1', title: '  Renamed  ' }), {
      ...pageHeaders(hostName),
    })
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ ok: true })
    // The handler gets the input as the contract parsed it (trimmed title).
    expect(fake.spies['history:rename']).toHaveBeenCalledExactlyOnceWith({ id: 'c1', title: 'Renamed' })
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expectNoCorsHeaders(response)
  })

  it('answers a channel without input, sent with an empty body', async () => {
    const response = await invoke('app:info', undefined)
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({
      ok: true,
      value: {
        version: '0.0.0-test',
        shell: 'browser',
        platform: 'linux',
        quarantinedFiles: [],
        canCopyWithKey: false,
      },
    })
    expect(fake.spies['app:info']).toHaveBeenCalledExactlyOnceWith(undefined)
  })

  it('accepts a client that sends no Origin or Sec-Fetch-Site (not a browser page) with the token', async () => {
    const response = await invoke('app:info', undefined, {})
    const bare = await rawRequest(port, {
      method: 'POST',
      path: '/api/invoke/app%3Ainfo',
      headers: { 'x-playground-token': host.token, 'content-type': 'application/json; charset=utf-8' },
    })
    expect(response.status).toBe(200)
    expect(bare.status).toBe(200)
    expect(fake.spies['app:info']).toHaveBeenCalledTimes(2)
  })

  it('returns a handler failure as data, with its message', async () => {
    fake.spies['history:delete'].mockRejectedValueOnce(
      new UserFacingError('not_found', 'No conversation c9.'),
    )
    const response = await invoke('history:delete', JSON.stringify({ id: 'c9' }))
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No conversation c9.' },
    })
  })
})

describe('the body cap', () => {
  it('lets a 64 MiB history import through with the default cap', async () => {
    const big = await createBrowserHost({ handlers: fake.handlers, rendererDir: dir.rendererDir, log })
    try {
      fake.spies['history:import'].mockImplementationOnce(async (input: { json: string }) => ({
        length: input.json.length,
      }))
      const json = 'x'.repeat(64 * 1024 * 1024)
      const bigPort = Number(new URL(big.origin).port)
      const response = await rawRequest(bigPort, {
        method: 'POST',
        path: '/api/invoke/history%3Aimport',
        headers: {
          host: `127.0.0.1:${bigPort}`,
          'x-playground-token': big.token,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ json }),
      })
      expect(response.status).toBe(200)
      expect(fake.spies['history:import']).toHaveBeenCalledTimes(1)
      expect(JSON.parse(response.body)).toEqual({ ok: true, value: { length: json.length } })
    } finally {
      await big.close()
    }
  })
})

describe('the event stream', () => {
  const streams: EventStreamClient[] = []
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close()
  })

  async function connect(headers: Record<string, string> = without(pageHeaders(), 'content-type')) {
    const stream = await openEventStream(port, headers)
    streams.push(stream)
    return stream
  }

  it('fans every event out to every connected page, in order', async () => {
    const first = await connect()
    const second = await connect(without(pageHeaders('localhost'), 'content-type'))
    await Promise.all([first.waitForComment('connected'), second.waitForComment('connected')])

    host.emit('history:changed', undefined)
    host.emit('profiles:changed', undefined)
    host.emit('history:changed', undefined)

    const expected = [
      { event: 'history:changed', data: 'null' },
      { event: 'profiles:changed', data: 'null' },
      { event: 'history:changed', data: 'null' },
    ]
    expect(await first.waitForEvents(3)).toEqual(expected)
    expect(await second.waitForEvents(3)).toEqual(expected)
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(first.headers['cache-control']).toBe('no-store')
    expectNoCorsHeaders(first)
  })

  it('carries payloads as JSON and keeps going for the others when one page leaves', async () => {
    const first = await connect()
    const second = await connect()
    await Promise.all([first.waitForComment('connected'), second.waitForComment('connected')])
    first.close()
    await first.ended
    const update = { runId: 'r1', note: 'line one\nline two ✓' }
    host.emit('chat:update', update as never)
    const [event] = await second.waitForEvents(1)
    expect(event?.event).toBe('chat:update')
    expect(JSON.parse(event?.data ?? '')).toEqual(update)
  })

  it('sends `: ping` comments while idle', async () => {
    const pinging = await createBrowserHost({
      handlers: fake.handlers,
      rendererDir: dir.rendererDir,
      pingIntervalMs: 30,
      log,
    })
    try {
      const pingPort = Number(new URL(pinging.origin).port)
      const stream = await openEventStream(pingPort, {
        host: `127.0.0.1:${pingPort}`,
        'x-playground-token': pinging.token,
      })
      streams.push(stream)
      await stream.waitForComment('ping')
      expect(stream.comments.filter((comment) => comment === 'ping').length).toBeGreaterThanOrEqual(1)
    } finally {
      await pinging.close()
    }
  })

  it.each([
    { name: 'without the token', headers: () => without(pageHeaders(), 'x-playground-token'), status: 401 },
    {
      name: 'from a foreign Origin',
      headers: () => ({ ...pageHeaders(), origin: 'http://evil.example' }),
      status: 403,
    },
    {
      name: 'cross-site',
      headers: () => ({ ...pageHeaders(), 'sec-fetch-site': 'cross-site' }),
      status: 403,
    },
    {
      name: 'for a foreign Host',
      headers: () => ({ ...pageHeaders(), host: `evil.example:${port}` }),
      status: 421,
    },
  ])('is refused $name and never receives events', async ({ headers, status }) => {
    const stream = await connect(headers())
    host.emit('history:changed', undefined)
    expect(stream.status).toBe(status)
    expect(await stream.ended).toBe('end')
    expect(stream.events).toEqual([])
    expectNoCorsHeaders(stream)
  })

  it('refuses a page beyond the stream limit', async () => {
    const limited = await createBrowserHost({
      handlers: fake.handlers,
      rendererDir: dir.rendererDir,
      maxEventStreams: 1,
      log,
    })
    try {
      const limitedPort = Number(new URL(limited.origin).port)
      const headers = { host: `127.0.0.1:${limitedPort}`, 'x-playground-token': limited.token }
      const first = await openEventStream(limitedPort, headers)
      streams.push(first)
      const second = await openEventStream(limitedPort, headers)
      streams.push(second)
      expect(first.status).toBe(200)
      expect(second.status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('ends every stream cleanly on close(), and stops listening', async () => {
    const closing = await createBrowserHost({ handlers: fake.handlers, rendererDir: dir.rendererDir, log })
    const closingPort = Number(new URL(closing.origin).port)
    const headers = { host: `127.0.0.1:${closingPort}`, 'x-playground-token': closing.token }
    const first = await openEventStream(closingPort, headers)
    const second = await openEventStream(closingPort, headers)
    await Promise.all([first.waitForComment('connected'), second.waitForComment('connected')])
    closing.emit('history:changed', undefined)
    await closing.close()
    expect(await first.ended).toBe('end')
    expect(await second.ended).toBe('end')
    expect(first.events).toEqual([{ event: 'history:changed', data: 'null' }])
    await expect(rawRequest(closingPort, { path: '/' })).rejects.toThrow(/ECONNREFUSED/)
    // Emitting after close is harmless.
    expect(() => closing.emit('history:changed', undefined)).not.toThrow()
  })
})

describe('the listening address and the token', () => {
  it('listens on 127.0.0.1 and gives the token in the URL fragment', () => {
    expect(host.origin).toBe(`http://127.0.0.1:${port}`)
    expect(host.url).toBe(`${host.origin}/#token=${host.token}`)
    // ≥ 128 bits: base64url of 32 random bytes.
    expect(Buffer.from(host.token, 'base64url').length).toBeGreaterThanOrEqual(16)
  })

  it('draws a fresh token per launch, or uses the one given', async () => {
    const given = 'g'.repeat(43)
    const other = await createBrowserHost({ handlers: fake.handlers, rendererDir: dir.rendererDir, log })
    const withGiven = await createBrowserHost({
      handlers: fake.handlers,
      rendererDir: dir.rendererDir,
      token: given,
      log,
    })
    try {
      expect(other.token).not.toBe(host.token)
      expect(withGiven.token).toBe(given)
    } finally {
      await other.close()
      await withGiven.close()
    }
  })

  it('refuses a weak or unsafe token, and a missing renderer folder', async () => {
    const base = { handlers: fake.handlers, rendererDir: dir.rendererDir, log }
    await expect(createBrowserHost({ ...base, token: 'short' })).rejects.toThrow(/at least 22/)
    await expect(createBrowserHost({ ...base, token: 'a'.repeat(30) + '\r\nx: y' })).rejects.toThrow()
    await expect(createBrowserHost({ ...base, rendererDir: `${dir.root}/missing` })).rejects.toThrow(
      /build the app first/,
    )
  })

  // A box with loopback only has nothing else to reach.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal)
  it.skipIf(external === undefined)('is not reachable on any other interface', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(port, external?.address ?? '', () => {
        socket.destroy()
        resolve('connected')
      })
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    })
    expect(outcome).toBe('ECONNREFUSED')
  })
})
