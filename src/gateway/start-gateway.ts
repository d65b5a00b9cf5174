import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import { buildCatalog, type CatalogModel } from '@shared/catalog'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import { parseJsonBytes } from '@node/http/read-capped-json-body'
import { createChatBodyMemo } from './app/chat-body-memo'
import { createGatewayListener } from './app/create-gateway-app'
import { createEngineResolver } from './engines/engine-resolver'
import { estimatePromptTokens, promptTokensAtMost } from './engines/simulator'
import { resolveGatewayConfig, type GatewayConfig } from './gateway-config'

export type StartGatewayOptions = {
  apiKey: string
  /** 0 picks a free port. */
  port?: number
  /** Loopback unless the caller explicitly asks otherwise (the CLI warns). */
  host?: string
  config?: GatewayConfig
  /** Environment for proxy upstream keys (defaults to process.env). */
  env?: Record<string, string | undefined>
}

/** A request body as a client will send it, in its dialect. */
export type ChatBodyToRemember = { dialect: DialectId; body: Uint8Array }

export type RunningGateway = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** `http://127.0.0.1:<port>/v1` — what clients configure. */
  baseUrl: string
  port: number
  apiKey: string
  /** Streams being served right now (tests and the benchmark watch it fall back to 0). */
  activeStreams(): number
  /**
   * Readies the gateway for requests that will begin like these bodies (a conversation just opened:
   * each pane's request so far). They are parsed and remembered (chat-body-memo.ts), so the next
   * request of each pane parses only its new turn, and returned decoded, for the simulator to ready
   * their seeds and token counts. A body that is not a valid request of its dialect is left out.
   */
  rememberChatBodies(bodies: readonly ChatBodyToRemember[]): ChatRequest[]
  close(): Promise<void>
}

const LISTEN_BACKLOG = 4096

/**
 * How long an idle keep-alive connection stays open (every reply says so in `Keep-Alive: timeout=`).
 * Node's default, 5 s, is shorter than a user's pause before the next send: the app's client (undici)
 * then opens a new connection per pane on each send, and on a busy machine that connect took 2–15 ms
 * of the first token (performance.md, S1 step 8). It also races clients that keep idle sockets as
 * long as the server does (httpx: 5 s), which may send on a socket the server is closing. Clients
 * that read the hint close a little before this; the rest are still served by a fresh connection.
 */
const IDLE_CONNECTION_MS = 65_000

export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const config = options.config ?? resolveGatewayConfig()
  const host = options.host ?? '127.0.0.1'
  let catalog: CatalogModel[] = []
  const activeStreams = { count: 0 }
  const engines = createEngineResolver(config, options.env ?? process.env)
  const chatBodies = createChatBodyMemo()

  const listener = createGatewayListener({
    apiKey: options.apiKey,
    config,
    catalog: () => catalog,
    engineFor: engines.engineFor,
    estimatePromptTokens: { estimate: estimatePromptTokens, atMost: promptTokensAtMost },
    activeStreams,
    chatBodies,
  })

  // Nagle + delayed ACK add a ~40 ms step to small SSE writes (performance.md): send at once.
  const server = createServer({ noDelay: true }, listener)
  // Slow-loris protection for headers and bodies, but no wall clock on responses: SSE streams may
  // legitimately run for many minutes.
  server.headersTimeout = 20_000
  server.requestTimeout = 120_000
  server.keepAliveTimeout = IDLE_CONNECTION_MS
  server.timeout = 0
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // A deep accept queue: hundreds of clients opening streams at once must not see SYNs dropped
    // (Node's default of 511 turned a burst of 512 streams into 1 s connect retries).
    server.listen({ port: options.port ?? 0, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject)
      resolve()
    })
  })

  const { port } = server.address() as AddressInfo
  const hostForUrl = host.includes(':') ? `[${host}]` : host
  const origin = `http://${hostForUrl}:${port}`
  const baseUrl = `${origin}/v1`
  catalog = buildCatalog({ ...stripUndefined(config.catalog), baseUrl })

  return {
    origin,
    baseUrl,
    port,
    apiKey: options.apiKey,
    activeStreams: () => activeStreams.count,
    rememberChatBodies: (bodies) =>
      bodies.flatMap(({ dialect, body }) => {
        const parsed = parseJsonBytes(body)
        if (!parsed.ok) return []
        chatBodies.remember(body, parsed.value)
        try {
          return [dialects[dialect].decodeRequest(parsed.value)]
        } catch {
          return []
        }
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Idle keep-alive sockets and running streams would hold close() open: end them now.
        server.closeAllConnections()
        engines.close()
      }),
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
