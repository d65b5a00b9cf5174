import type { GatewayConfig } from '../../gateway-config'
import type { Engine } from '../engine'
import { paceParts } from '../pace-parts'
import { parseSimulateHeader, SIMULATE_HEADER } from '@shared/runs/simulate-header'
import { runSimulation } from './run-simulation'

/**
 * The simulator behind the Engine interface: the header's faults (when enabled), the configured
 * pacing, and the parts released on schedule. What can fail is worked out up front (an HTTP error
 * before the first byte); the reply's text is made as it is released, and a client that leaves stops
 * both.
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
        batches: paceParts(simulation.steps, context.signal),
        ...(simulation.dropAfterPart === undefined ? {} : { dropAfterParts: simulation.dropAfterPart }),
      }
    },
  }
}
