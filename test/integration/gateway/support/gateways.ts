import type { DialectId } from '@shared/chat/chat-request'
import { resolveGatewayConfig, type GatewayConfigInput } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'

/** The two models of the spec (section 1), as clients name them. */
export const VISION_MODEL = 'vendora-V4-Flash-Vision-Exp'
export const TEXT_MODEL = 'vendorb3.8-Flash-Next'
export const MODELS = [VISION_MODEL, TEXT_MODEL] as const

/** The key clients present to the gateway under test. */
export const CLIENT_KEY = 'sk-client-4f1c2b9e-integration'
/** The key of the back gateway; a front proxy reads it from `UPSTREAM_KEY`, never from the client. */
export const BACK_KEY = 'sk-back-77d0a1e3-upstream'
export const UPSTREAM_KEY_ENV = 'UPSTREAM_KEY'

/**
 * Fast pacing for everything that is not about pacing: a loaded 2-core machine must not turn a reply
 * into a timing test. The body cap is small so a 413 needs no megabytes.
 */
export const FAST: GatewayConfigInput = {
  simulator: { ttftMs: 0, tokensPerSecond: 100_000 },
  maxBodyBytes: 256 * 1024,
}

export function startSimulatorGateway(
  overrides: GatewayConfigInput = {},
  apiKey = CLIENT_KEY,
): Promise<RunningGateway> {
  return startGateway({ apiKey, port: 0, config: resolveGatewayConfig({ ...FAST, ...overrides }) })
}

/**
 * A front gateway whose every catalog model is proxied to `upstreamBaseUrl` (which speaks
 * `upstreamDialect`), with the upstream key taken from `UPSTREAM_KEY` in the given environment.
 */
export function startProxyGateway(options: {
  upstreamBaseUrl: string
  upstreamDialect: DialectId
  upstreamKey?: string
  overrides?: GatewayConfigInput
  apiKey?: string
}): Promise<RunningGateway> {
  const upstream = {
    baseUrl: options.upstreamBaseUrl,
    dialect: options.upstreamDialect,
    apiKeyEnv: UPSTREAM_KEY_ENV,
  }
  const models = Object.fromEntries(MODELS.map((name) => [name, { engine: 'proxy' as const, upstream }]))
  return startGateway({
    apiKey: options.apiKey ?? CLIENT_KEY,
    port: 0,
    config: resolveGatewayConfig({ ...FAST, models, ...options.overrides }),
    env: { [UPSTREAM_KEY_ENV]: options.upstreamKey ?? BACK_KEY },
  })
}

/** How a client reaches a simulator: directly, or through a proxy in front of it. */
export const ROUTES = ['simulator', 'proxy to Chat Completions', 'proxy to Messages'] as const
export type Route = (typeof ROUTES)[number]

type Endpoint = { baseUrl: string; origin: string; apiKey: string }

export type GatewayChain = {
  endpoints: Record<Route, Endpoint>
  back: RunningGateway
  close(): Promise<void>
}

/**
 * A simulator "back" gateway with its own key, and two front gateways proxying every model to it, one
 * in each upstream dialect. A client in either dialect can then reach the simulator directly, through
 * a same-dialect proxy, and through a translating one.
 */
export async function startGatewayChain(overrides: GatewayConfigInput = {}): Promise<GatewayChain> {
  const back = await startSimulatorGateway(overrides, BACK_KEY)
  const toChat = await startProxyGateway({
    upstreamBaseUrl: back.baseUrl,
    upstreamDialect: 'openai-chat',
    overrides,
  })
  const toMessages = await startProxyGateway({
    upstreamBaseUrl: back.baseUrl,
    upstreamDialect: 'anthropic-messages',
    overrides,
  })
  const endpoint = (gateway: RunningGateway): Endpoint => ({
    baseUrl: gateway.baseUrl,
    origin: gateway.origin,
    apiKey: gateway.apiKey,
  })
  return {
    back,
    endpoints: {
      simulator: endpoint(back),
      'proxy to Chat Completions': endpoint(toChat),
      'proxy to Messages': endpoint(toMessages),
    },
    close: async () => {
      await Promise.all([toChat.close(), toMessages.close()])
      await back.close()
    },
  }
}

/** The dialect a route's client meets last before the simulator: same-dialect or translated. */
export function routeKind(route: Route, clientDialect: DialectId): string {
  if (route === 'simulator') return 'direct'
  const upstream: DialectId = route === 'proxy to Chat Completions' ? 'openai-chat' : 'anthropic-messages'
  return upstream === clientDialect ? 'same dialect' : 'translated'
}
