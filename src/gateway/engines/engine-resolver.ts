import type { GatewayConfig } from '../gateway-config'
import type { Engine, ServedModel } from './engine'
import { createProxyEngine } from './proxy/proxy-engine'
import { createSimulatorEngine } from './simulator-engine'

/** Picks each model's engine from the config once; models not configured use the simulator. */
export function createEngineResolver(
  config: GatewayConfig,
  env: Record<string, string | undefined>,
): (model: ServedModel) => Engine {
  const simulator = createSimulatorEngine(config)
  const proxies = new Map<string, Engine>()
  for (const [name, modelConfig] of Object.entries(config.models)) {
    if (modelConfig.engine === 'proxy') proxies.set(name, createProxyEngine(modelConfig, env))
  }
  return (model) => proxies.get(model.name) ?? simulator
}
