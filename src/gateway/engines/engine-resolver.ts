import type { GatewayConfig } from '../gateway-config'
import type { Engine, ServedModel } from './engine'
import { createProxyEngine } from './proxy/proxy-engine'
import { createUpstreamTransport } from './proxy/upstream-transport'
import { createSimulatorEngine } from './simulator'

export type EngineResolver = {
  engineFor(model: ServedModel): Engine
  /** Releases what the engines hold (the proxies' kept-alive upstream sockets). */
  close(): void
}

/** Picks each model's engine from the config once; models not configured use the simulator. */
export function createEngineResolver(
  config: GatewayConfig,
  env: Record<string, string | undefined>,
): EngineResolver {
  const simulator = createSimulatorEngine(config)
  // One transport for every proxied model: sockets to the same upstream are shared.
  const transport = createUpstreamTransport()
  const proxies = new Map<string, Engine>()
  for (const [name, modelConfig] of Object.entries(config.models)) {
    if (modelConfig.engine === 'proxy') {
      proxies.set(
        name,
        createProxyEngine(modelConfig, env, { transport, forwardSimulateHeader: config.faultInjection }),
      )
    }
  }
  return {
    engineFor: (model) => proxies.get(model.name) ?? simulator,
    close: () => transport.close(),
  }
}
