import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { TOKEN_FRAGMENT_PARAM } from '@shared/ipc/browser-transport'
import type { EventSink, InvokeHandlers } from '../ipc/dispatch'
import { createAccessToken, isAcceptableAccessToken } from './access-token'
import { createBrowserHostApp } from './create-browser-host-app'
import { createEventHub } from './event-hub'
import { createRequestGuard } from './request-guard'
import { createStaticFiles } from './static-files'

export type BrowserHostOptions = {
  handlers: InvokeHandlers
  /** The built renderer (`out/renderer`: index.html + assets/). */
  rendererDir: string
  /** 0 (the default) picks a free port. */
  port?: number
  /** Loopback only: never reachable from another machine. */
  host?: '127.0.0.1'
  /** A per-launch random token by default; a given one must be as strong (≥ 128 bits, base64url). */
  token?: string
  log: (line: string) => void
  /**
   * Cap on an invoke body (413 past it). history:import takes a JSON file of up to 64 Mi characters
   * as one string; on the wire that string is JSON-encoded again (every quote escaped) and UTF-8
   * (up to 3 bytes a character), hence the default of 192 MiB rather than 64.
   */
  maxBodyBytes?: number
  /** How often idle event streams get a `: ping` comment. */
  pingIntervalMs?: number
  /** Pages connected at once. */
  maxEventStreams?: number
}

export type BrowserHost = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The address to open: `http://127.0.0.1:<port>/#token=…` (a fragment never reaches a server log). */
  url: string
  token: string
  emit: EventSink
  /** Ends the event streams cleanly, then stops listening and drops idle connections. */
  close(): Promise<void>
}

const DEFAULT_MAX_BODY_BYTES = 192 * 1024 * 1024
const DEFAULT_PING_INTERVAL_MS = 15_000
const DEFAULT_MAX_EVENT_STREAMS = 32
const MAX_BUFFERED_EVENT_BYTES = 32 * 1024 * 1024

/**
 * Browser mode's server: the renderer and the IPC contract over HTTP on 127.0.0.1, protected as
 * security.md §4 asks (Host allow-list, same-origin, token header, JSON only, size cap, no CORS).
 */
export async function createBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const hostname = options.host ?? '127.0.0.1'
  if (hostname !== '127.0.0.1') throw new Error(`The browser host binds 127.0.0.1 only (got ${hostname}).`)
  const token = options.token ?? createAccessToken()
  if (!isAcceptableAccessToken(token)) {
    throw new Error('The access token must be at least 22 URL-safe characters (A-Z a-z 0-9 _ -).')
  }
  const staticFiles = await createStaticFiles(options.rendererDir)

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port: options.port ?? 0, host: hostname }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  // The Host allow-list needs the real port, known only once listening (port 0). Requests are parsed
  // in later I/O callbacks, so none can arrive before the listener below is attached.
  const events = createEventHub({
    pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
    maxStreams: options.maxEventStreams ?? DEFAULT_MAX_EVENT_STREAMS,
    maxBufferedBytes: MAX_BUFFERED_EVENT_BYTES,
    log: options.log,
  })
  const app = createBrowserHostApp({
    handlers: options.handlers,
    guard: createRequestGuard({ port, token }),
    staticFiles,
    events,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    log: options.log,
  })
  server.on('request', getRequestListener(app.fetch))
  configureTimeouts(server)

  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    url: `${origin}/#${TOKEN_FRAGMENT_PARAM}=${token}`,
    token,
    emit: events.emit,
    async close() {
      await events.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Keep-alive sockets would hold close() open; the streams on them have just ended.
        server.closeAllConnections()
      })
    },
  }
}

function configureTimeouts(server: Server): void {
  // Nagle + delayed ACK would hold back each small event write (performance.md I1).
  server.on('connection', (socket) => socket.setNoDelay(true))
  // Slow-loris protection for headers and bodies, but no wall clock on responses: event streams
  // stay open as long as the page does.
  server.headersTimeout = 20_000
  server.requestTimeout = 120_000
  server.keepAliveTimeout = 5_000
  server.timeout = 0
}
