import { openCassetteLibrary } from '@node/cassettes/cassette-library'
import { createCassetteWriter, type CassetteWriter } from '@node/cassettes/cassette-writer'
import type { GatewayConfig, ReplayEngineConfig } from '../gateway-config'
import type { Engine, ServedModel } from './engine'
import { createProxyEngine, type ProxyEngineOptions } from './proxy/proxy-engine'
import { createUpstreamTransport } from './proxy/upstream-transport'
import { createReplayEngine } from './replay/replay-engine'
import { createSimulatorEngine } from './simulator'

export type EngineResolver = {
  engineFor(model: ServedModel): Engine
  /** Resolves once every recording made so far is written (`--record`). */
  recordingsSettled(): Promise<void>
  /** Releases what the engines hold (the proxies' kept-alive upstream sockets). */
  close(): void
}

/**
 * Picks each model's engine from the config once; models not configured use the simulator. A
 * replay engine falls through, on a miss, to the simulator or to a proxy of its own `upstream`.
 */
export function createEngineResolver(
  config: GatewayConfig,
  env: Record<string, string | undefined>,
  report: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): EngineResolver {
  const simulator = createSimulatorEngine(config)
  // One transport for every proxied model: sockets to the same upstream are shared.
  const transport = createUpstreamTransport()
  const writer: CassetteWriter | undefined =
    config.record === undefined ? undefined : createCassetteWriter(config.record.dir, report)
  const proxyOptions: ProxyEngineOptions = {
    transport,
    forwardSimulateHeader: config.faultInjection,
    ...(writer === undefined ? {} : { recordTo: writer.sink }),
  }
  const replay = (engine: Omit<ReplayEngineConfig, 'engine'>): Engine =>
    createReplayEngine({
      library: openCassetteLibrary(engine.dir),
      speed: engine.speed,
      onMiss:
        engine.onMiss === 'error'
          ? 'error'
          : engine.onMiss === 'proxy' && engine.upstream !== undefined
            ? createProxyEngine({ engine: 'proxy', upstream: engine.upstream }, env, proxyOptions)
            : simulator,
    })
  const engines = new Map<string, Engine>()
  for (const [name, modelConfig] of Object.entries(config.models)) {
    if (modelConfig.engine === 'proxy') engines.set(name, createProxyEngine(modelConfig, env, proxyOptions))
    if (modelConfig.engine === 'replay') engines.set(name, replay(modelConfig))
  }
  return {
    engineFor: (model) => engines.get(model.name) ?? simulator,
    recordingsSettled: async () => writer?.settled(),
    close: () => transport.close(),
  }
}
