import type { ConnectionHooks, ConnectionWatcher } from '../connection-watcher'

/** One request as the fake transport received it. */
export type FakeCall = {
  index: number
  url: string
  method: string
  headers: Record<string, string>
  body: string | undefined
  signal: AbortSignal
  /** The reader of the body was cancelled (the registry stopped reading). */
  bodyCancelled: boolean
}

type FakeBodySource = string | ReadonlyArray<string | Uint8Array> | AsyncIterable<string | Uint8Array>

/** What the fake server does with one request. */
export type FakeReply =
  | {
      kind: 'response'
      status?: number
      headers?: Record<string, string>
      body?: FakeBodySource
      /** Wait this long (setTimeout, so fake timers apply) before the headers. */
      headersAfterMs?: number
    }
  /** fetch rejects, as undici does for refused, reset, DNS… (`connected: false` by default). */
  | { kind: 'reject'; error: unknown; connected?: boolean }
  /** Nothing ever comes back; `connected` says whether the connection opened. */
  | { kind: 'hang'; connected: boolean }

const encoder = new TextEncoder()

function toIterable(source: FakeBodySource): AsyncIterable<string | Uint8Array> {
  if (typeof source === 'string')
    return (async function* () {
      yield source
    })()
  if (Symbol.asyncIterator in source) return source as AsyncIterable<string | Uint8Array>
  const chunks = source as ReadonlyArray<string | Uint8Array>
  return (async function* () {
    for (const chunk of chunks) yield chunk
  })()
}

function bodyStream(source: FakeBodySource, call: FakeCall): ReadableStream<Uint8Array> {
  const iterator = toIterable(source)[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await iterator.next()
          if (done) controller.close()
          else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value)
        } catch (error) {
          controller.error(error)
        }
      },
      async cancel() {
        call.bodyCancelled = true
        await iterator.return?.()
      },
    },
    // Pull only when read: a producer that waits between chunks really paces the reader.
    { highWaterMark: 0 },
  )
}

/**
 * A scripted transport: `fetch` plus the connection watcher that goes with it (the watcher is how
 * the registry learns that a connection opened, which plain fetch does not say).
 */
export function createFakeNetwork(script: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  const calls: FakeCall[] = []
  let currentHooks: ConnectionHooks | undefined

  const watcher: ConnectionWatcher = {
    watch(send, hooks) {
      currentHooks = hooks
      try {
        return send()
      } finally {
        currentHooks = undefined
      }
    },
  }

  const fetch = ((input: string | URL | Request, init: RequestInit = {}) => {
    const hooks = currentHooks
    const signal = init.signal ?? new AbortController().signal
    const call: FakeCall = {
      index: calls.length,
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body:
        typeof init.body === 'string'
          ? init.body
          : init.body instanceof Uint8Array
            ? Buffer.from(init.body).toString('utf8')
            : undefined,
      signal,
      bodyCancelled: false,
    }
    calls.push(call)
    hooks?.onRequest()
    return new Promise<Response>((resolve, reject) => {
      const aborted = (): void => reject(signal.reason ?? new DOMException('aborted', 'AbortError'))
      if (signal.aborted) return aborted()
      signal.addEventListener('abort', aborted, { once: true })
      void Promise.resolve(script(call)).then((reply) => {
        switch (reply.kind) {
          case 'reject':
            if (reply.connected === true) hooks?.onConnected()
            reject(reply.error)
            return
          case 'hang':
            if (reply.connected) hooks?.onConnected()
            return
          case 'response': {
            hooks?.onConnected()
            const answer = (): void => {
              if (signal.aborted) return
              resolve(
                new Response(reply.body === undefined ? null : bodyStream(reply.body, call), {
                  status: reply.status ?? 200,
                  headers: reply.headers ?? {},
                }),
              )
            }
            if (reply.headersAfterMs === undefined) answer()
            else setTimeout(answer, reply.headersAfterMs)
            return
          }
          default: {
            const unreachable: never = reply
            throw new Error(`unknown fake reply ${JSON.stringify(unreachable)}`)
          }
        }
      })
    })
  }) as typeof globalThis.fetch

  return { fetch, watcher, calls }
}

/** undici's shape for a refused connection: `TypeError: fetch failed` caused by the system error. */
export function refusedError(host = '127.0.0.1', port = 8787): Error {
  const cause = Object.assign(new Error(`connect ECONNREFUSED ${host}:${port}`), {
    code: 'ECONNREFUSED',
    address: host,
    port,
  })
  return new TypeError('fetch failed', { cause })
}

/** undici's shape for a body read after a reset (RST) or a peer close (FIN) mid-response. */
export function terminatedError(kind: 'reset' | 'closed'): Error {
  const cause =
    kind === 'reset'
      ? Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
      : Object.assign(new Error('other side closed'), { name: 'SocketError', code: 'UND_ERR_SOCKET' })
  return new TypeError('terminated', { cause })
}

export const SSE_HEADERS = { 'content-type': 'text/event-stream' }
export const JSON_HEADERS = { 'content-type': 'application/json' }
