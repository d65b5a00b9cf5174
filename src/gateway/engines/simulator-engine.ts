import type { GatewayConfig } from '../gateway-config'
import type { Engine } from './engine'
import { paceParts } from './pace-parts'
import { parseSimulateHeader, SIMULATE_HEADER } from '../../shared/runs/simulate-header'
import { runSimulation } from './simulator'

/**
 * The simulator behind the Engine interface: the header's faults (when enabled), the configured
 * pacing, and the parts released on schedule. The whole reply is computed up front; only its
 * release takes time, and a client that leaves stops the release.
 */
export function createSimulatorEngine(config: GatewayConfig): Engine {
  return {
    async start(request, context) {
      const directives = parseSimulateHeader(
        config.faultInjection ? context.header(SIMULATE_HEADER) : undefined,
      )
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
        },
        directives,
      )
      return {
        batches: paceParts(simulation.parts, simulation.delaysMs, context.signal),
        ...(simulation.dropAfterPart === undefined ? {} : { dropAfterParts: simulation.dropAfterPart }),
      }
    },
  }
}
