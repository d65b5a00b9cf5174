import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { buildCatalog, type CatalogModel } from '../shared/catalog'
import { createGatewayApp } from './app/create-gateway-app'
import { createEngineResolver } from './engines/engine-resolver'
import { estimatePromptTokens } from './engines/simulator'
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

export type RunningGateway = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** `http://127.0.0.1:<port>/v1` — what clients configure. */
  baseUrl: string
  port: number
  apiKey: string
  close(): Promise<void>
}

export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const config = options.config ?? resolveGatewayConfig()
  const host = options.host ?? '127.0.0.1'
  let catalog: CatalogModel[] = []
  const activeStreams = { count: 0 }

  const app = createGatewayApp({
    apiKey: options.apiKey,
    config,
    catalog: () => catalog,
    engineFor: createEngineResolver(config, options.env ?? process.env),
    estimatePromptTokens,
    activeStreams,
  })

  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () =>
      resolve(created as Server),
    ) as Server
    created.once('error', reject)
  })
  // Nagle + delayed ACK add a ~40 ms step to small SSE writes (performance.md): send at once.
  server.on('connection', (socket) => socket.setNoDelay(true))
  // Slow-loris protection for headers and bodies, but no wall clock on responses: SSE streams may
  // legitimately run for many minutes.
  server.headersTimeout = 20_000
  server.requestTimeout = 120_000
  server.keepAliveTimeout = 5_000
  server.timeout = 0

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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Idle keep-alive sockets and running streams would hold close() open: end them now.
        server.closeAllConnections()
      }),
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
