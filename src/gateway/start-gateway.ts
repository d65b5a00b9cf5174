import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises'
import { buildCatalog, type CatalogModel } from '@shared/catalog'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import { parseJsonBytes } from '@node/http/read-capped-json-body'
import { createChatBodyMemo, type ChatBodyMemo } from './app/chat-body-memo'
import { createGatewayListener } from './app/create-gateway-app'
import { createEngineResolver } from './engines/engine-resolver'
import { estimatePromptTokens, promptTokensAtMost, readySimulation } from './engines/simulator'
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
export type ReadyBody = { dialect: DialectId; body: Uint8Array }

/**
 * A conversation just opened, as the gateway readies its first sends: each pane's request so far, as
 * the bytes a client will send (the next request begins with them), and the texts those sends carry.
 */
export type ReadyConversation = { bodies: readonly ReadyBody[]; texts: readonly string[] }

export type RunningGateway = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** `http://127.0.0.1:<port>/v1` — what clients configure. */
  baseUrl: string
  port: number
  apiKey: string
  /** Streams being served right now (tests and the benchmark watch it fall back to 0). */
  activeStreams(): number
  /** Resolves once every cassette recorded so far (config `record`) is on disk. */
  recordingsSettled(): Promise<void>
  /**
   * The one door for readying (main's conversation-readying.ts calls it when a conversation is
   * opened): each body is parsed and kept in the chat body memo (chat-body-memo.ts), so the next
   * request of its pane parses only its new turn; the simulator readies their seeds and the texts'
   * token counts (ready-simulation.ts). One body per turn of the event loop, so a request arriving
   * meanwhile waits for one parse at most. Resolves with the requests readied, decoded; a body that is
   * not a valid request of its dialect is left out.
   */
  ready(conversation: ReadyConversation): Promise<ChatRequest[]>
  close(): Promise<void>
}

const LISTEN_BACKLOG = 4096

/**
 * How long an idle keep-alive connection stays open (every reply says so in `Keep-Alive: timeout=`).
 * Node's default, 5 s, is shorter than a user's pause before the next send: the app's client (undici)
 * then opens a new connection per pane on each send, and on a busy machine that connect delays the
 * first token (performance.md S1). It also races clients that keep idle sockets as long as the server
 * does (httpx: 5 s), which may send on a socket the server is closing. Clients that read the hint
 * close a little before this; the rest are still served by a fresh connection.
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

  // Nagle + delayed ACK hold small SSE writes back until the peer's delayed ACK (performance.md G1):
  // send at once.
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
    // (with Node's default of 511 a burst of streams waited for connect retries; performance.md G3).
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
    recordingsSettled: engines.recordingsSettled,
    async ready({ bodies, texts }) {
      const requests: ChatRequest[] = []
      for (const { dialect, body } of bodies) {
        const request = readyChatBody(chatBodies, dialect, body)
        if (request !== undefined) requests.push(request)
        await nextTurnOfEventLoop()
      }
      await readySimulation(requests, texts)
      return requests
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Idle keep-alive sockets and running streams would hold close() open: end them now.
        server.closeAllConnections()
        engines.close()
      })
      // A recording still being written when the gateway stops is finished, not lost.
      await engines.recordingsSettled()
    },
  }
}

/** A body parsed and kept in the memo, decoded; undefined when it is not a request of its dialect. */
function readyChatBody(
  chatBodies: ChatBodyMemo,
  dialect: DialectId,
  body: Uint8Array,
): ChatRequest | undefined {
  const parsed = parseJsonBytes(body)
  if (!parsed.ok) return undefined
  chatBodies.remember(body, parsed.value)
  try {
    return dialects[dialect].decodeRequest(parsed.value)
  } catch {
    return undefined
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
