import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { GatewayError } from '@shared/chat/errors'
import type { HttpRequest } from '@shared/http/http-request'

/**
 * The proxy's HTTP client: node:http with keep-alive agents rather than the global fetch.
 *
 * Why: undici's fetch costs more per request than node:http over a reused socket, in the order of
 * what the whole gateway may add (performance.md G1, measured with scripts/bench-gateway.ts). The agents keep
 * sockets to each upstream open (TCP_NODELAY on, as Node's agents default to) and honour the
 * upstream's `Keep-Alive: timeout=` hint. A JSON reply is collected with plain events (the stream
 * async iterator costs several promise hops per reply); a stream is iterated chunk by chunk.
 *
 * Timeouts are per phase, never a wall clock on a stream (security.md §5): `timeoutMs` bounds the wait
 * for the response head, then each silence between body chunks.
 */
export type UpstreamTransport = {
  send(request: HttpRequest, options: { signal: AbortSignal; timeoutMs: number }): Promise<UpstreamResponse>
  /** Drops the idle sockets (the gateway is closing). */
  close(): void
}

export type UpstreamResponse = {
  status: number
  header(name: string): string | undefined
  /** Every header, as Node parsed them (a recording keeps them). */
  headers(): Readonly<Record<string, string | string[] | undefined>>
  /** The body as text, chunk by chunk; throws a GatewayError if the upstream breaks or goes silent. */
  chunks(): AsyncGenerator<string>
  /** The whole body; rejects with a GatewayError if the upstream breaks or goes silent. */
  text(): Promise<string>
  /** Stops reading and releases the connection (the client left). */
  abandon(): void
}

type Target = Pick<RequestOptions, 'protocol' | 'hostname' | 'port' | 'path' | 'agent'> & { https: boolean }

export function createUpstreamTransport(): UpstreamTransport {
  // LIFO reuse keeps the hottest socket in use and lets idle ones time out.
  const httpAgent = new HttpAgent({ keepAlive: true, scheduling: 'lifo' })
  const httpsAgent = new HttpsAgent({ keepAlive: true, scheduling: 'lifo' })
  // URLs come from the config: parse each once, not per request.
  const targets = new Map<string, Target>()

  function targetOf(url: string): Target {
    let target = targets.get(url)
    if (target === undefined) {
      const parsed = new URL(url)
      const https = parsed.protocol === 'https:'
      target = {
        https,
        protocol: parsed.protocol,
        // URL keeps the brackets of an IPv6 literal; the socket layer wants the bare address.
        hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: parsed.port === '' ? (https ? 443 : 80) : Number(parsed.port),
        path: parsed.pathname + parsed.search,
        agent: https ? httpsAgent : httpAgent,
      }
      targets.set(url, target)
    }
    return target
  }

  function attempt(
    request: HttpRequest,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<{ response: IncomingMessage } | { error: unknown; retryable: boolean }> {
    return new Promise((resolve) => {
      const { https, ...target } = targetOf(request.url)
      const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8')
      const headers: Record<string, string | number> = { ...request.headers }
      if (body !== undefined) headers['content-length'] = body.byteLength
      const req = (https ? httpsRequest : httpRequest)({ ...target, method: request.method, headers })
      // The client's leaving hangs up on the upstream. Not through the `signal` option: Node then also
      // watches the request with end-of-stream helpers to detach its listener, ~3% of a proxied
      // request's CPU in bench:gateway's profile. The listener needs no detaching: the signal belongs to
      // this one client request, and destroying a request that is done is a no-op (a freed socket is
      // no longer the request's).
      const { signal } = options
      if (signal.aborted) req.destroy(abortError(signal))
      else signal.addEventListener('abort', () => req.destroy(abortError(signal)), { once: true })
      const timer = setTimeout(() => req.destroy(new UpstreamTimeout(options.timeoutMs)), options.timeoutMs)
      req.once('response', (response) => {
        clearTimeout(timer)
        resolve({ response })
      })
      req.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer)
        // A kept-alive socket the upstream closed just as we reused it: nothing was processed, so
        // one retry on a fresh socket is safe (Node's documented pattern for `reusedSocket`).
        const retryable = req.reusedSocket && error.code === 'ECONNRESET' && !options.signal.aborted
        resolve({ error, retryable })
      })
      req.end(body)
    })
  }

  return {
    async send(request, options) {
      let outcome = await attempt(request, options)
      if ('error' in outcome && outcome.retryable) outcome = await attempt(request, options)
      if ('error' in outcome) throw toGatewayError(outcome.error, 'before answering')
      return wrapResponse(outcome.response, options.timeoutMs)
    },
    close() {
      httpAgent.destroy()
      httpsAgent.destroy()
    },
  }
}

/** What Node's own `signal` option destroys a request with (an AbortError carrying the reason). */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), {
    name: 'AbortError',
    code: 'ABORT_ERR',
  })
}

class UpstreamTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no data from the upstream for ${ms} ms`)
    this.name = 'UpstreamTimeout'
  }
}

function toGatewayError(error: unknown, when: 'before answering' | 'mid-reply'): GatewayError {
  if (error instanceof GatewayError) return error
  if (error instanceof UpstreamTimeout) {
    return new GatewayError('timeout', `The upstream sent nothing for ${error.ms} ms ${when}.`)
  }
  const detail = (error as NodeJS.ErrnoException).code ?? (error as Error).message
  return new GatewayError(
    'server_error',
    when === 'before answering'
      ? `The upstream is unreachable: ${detail}.`
      : `The upstream connection broke mid-reply: ${detail}.`,
    { status: 502 },
  )
}

const CUT_OFF = new Error('the upstream closed the connection before the end of its reply')

function wrapResponse(response: IncomingMessage, idleMs: number): UpstreamResponse {
  return {
    status: response.statusCode ?? 502,
    header(name) {
      const value = response.headers[name.toLowerCase()]
      return Array.isArray(value) ? value.join(', ') : value
    },
    headers: () => response.headers,
    chunks: () => readChunks(response, idleMs),
    text: () => readText(response, idleMs),
    abandon() {
      // Destroying the response closes the socket: the upstream sees the client leave.
      response.destroy()
    },
  }
}

function readText(response: IncomingMessage, idleMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const timer = setTimeout(() => response.destroy(new UpstreamTimeout(idleMs)), idleMs)
    response.on('data', (chunk: Buffer) => {
      timer.refresh()
      chunks.push(chunk)
    })
    response.once('end', () => {
      clearTimeout(timer)
      if (response.complete) resolve(Buffer.concat(chunks).toString('utf8'))
      else reject(toGatewayError(CUT_OFF, 'mid-reply'))
    })
    response.once('error', (error) => {
      clearTimeout(timer)
      reject(toGatewayError(error, 'mid-reply'))
    })
  })
}

/**
 * The body as text chunks (UTF-8 decoded by Node's StringDecoder, which keeps a character split
 * across two chunks whole), one at a time: the response is paused while a chunk waits to be taken,
 * so a slow client slows the upstream down. Plain events rather than the stream's async iterator,
 * which sets up end-of-stream watchers and promises per response and per chunk (bench:gateway's
 * profile: the iterator layers of the SSE path cost more than the redaction of its text).
 */
async function* readChunks(response: IncomingMessage, idleMs: number): AsyncGenerator<string> {
  response.setEncoding('utf8')
  const queue: string[] = []
  let ended = false
  let failure: unknown
  let wake: (() => void) | undefined
  const timer = setTimeout(() => response.destroy(new UpstreamTimeout(idleMs)), idleMs)
  const onData = (chunk: string): void => {
    timer.refresh()
    queue.push(chunk)
    response.pause()
    wake?.()
  }
  const onEnd = (): void => {
    ended = true
    wake?.()
  }
  const onError = (error: unknown): void => {
    failure = error
    wake?.()
  }
  // `close` without `end` or `error`: the body was cut short (Node reports `aborted` and closes).
  const onClose = (): void => {
    if (!ended && failure === undefined) failure = CUT_OFF
    wake?.()
  }
  response.on('data', onData)
  response.once('end', onEnd)
  response.once('error', onError)
  response.once('close', onClose)
  try {
    for (;;) {
      const chunk = queue.shift()
      if (chunk !== undefined) {
        if (queue.length === 0) response.resume()
        yield chunk
        continue
      }
      if (failure !== undefined) throw failure
      if (ended) break
      await new Promise<void>((resolve) => (wake = resolve))
      wake = undefined
    }
    // A body cut short without an error (Node reports `aborted` and ends): not a clean end.
    if (!response.complete) throw CUT_OFF
  } catch (error) {
    throw toGatewayError(error, 'mid-reply')
  } finally {
    clearTimeout(timer)
    response.off('data', onData)
    response.off('end', onEnd)
    response.off('error', onError)
    response.off('close', onClose)
    if (!response.complete) response.destroy()
  }
}
