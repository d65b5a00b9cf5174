import type { GatewayConfig } from '../../gateway-config'
import type { Engine } from '../engine'
import { paceParts } from '../pace-parts'
import { parseSimulateHeader, SIMULATE_HEADER } from '@shared/runs/simulate-header'
import { createPromptCache } from './prompt-cache'
import { runSimulation } from './run-simulation'
import { checkThinkingSignatures, createThinkingSigner } from './thinking-signer'

/**
 * The simulator behind the Engine interface: the header's faults (when enabled), the configured
 * pacing, and the parts released on schedule. What can fail is worked out up front (an HTTP error
 * before the first byte); the reply's text is made as it is released, and a client that leaves stops
 * both. The engine holds the gateway's state a reply depends on: the prompt cache and the key
 * thinking is signed with (both in memory, gone when the gateway stops). Thinking sent back is
 * verified before anything else.
 */
export function createSimulatorEngine(config: GatewayConfig): Engine {
  const promptCache = createPromptCache()
  const signer = createThinkingSigner()
  return {
    async start(request, context) {
      checkThinkingSignatures(request, signer)
      const directives = parseSimulateHeader(
        config.faultInjection ? context.header(SIMULATE_HEADER) : undefined,
      )
      // A simulated error status is answered before the prompt reaches the cache.
      const cacheUse =
        directives.status === undefined ? promptCache.use(request, context.dialect, Date.now()) : undefined
      const simulation = runSimulation(
        request,
        {
          dialect: context.dialect,
          model: {
            name: context.model.name,
            contextLength: context.model.contextLength,
            vision: context.model.vision,
          },
          pacing: config.simulator,
          ...(cacheUse === undefined ? {} : { promptCache: cacheUse }),
          seal: signer,
        },
        directives,
      )
      return {
        batches: paceParts(simulation.steps, context.signal),
        ...(simulation.dropAfterPart === undefined ? {} : { dropAfterParts: simulation.dropAfterPart }),
      }
    },
  }
}
