import type { ChatRequest } from '@shared/chat/chat-request'
import type { SimulateDirectives } from '@shared/runs/simulate-header'
import { simulationSteps } from './reply-steps'
import { simulatedStatusError } from './status-directive-error'
import { applyStreamFaults } from './stream-faults'
import type { Simulation, SimulationContext } from './simulation-types'

/** The pacing of one request: the configured one, with the header's overrides. */
function withSimulatedPacing(
  pacing: SimulationContext['pacing'],
  directives: SimulateDirectives,
): SimulationContext['pacing'] {
  return {
    ttftMs: directives.ttftMs ?? pacing.ttftMs,
    tokensPerSecond: directives.tokensPerSecond ?? pacing.tokensPerSecond,
  }
}

/**
 * The simulator as the gateway runs it: `status=` throws the requested GatewayError before anything
 * is generated, pacing overrides apply, then the stream faults. Pass `parseSimulateHeader(undefined)`
 * (or `{ midstreamError: false }`) when fault injection is disabled.
 */
export function runSimulation(
  request: ChatRequest,
  context: SimulationContext,
  directives: SimulateDirectives,
): Simulation {
  if (directives.busyMs !== undefined) keepThreadBusy(directives.busyMs)
  if (directives.status !== undefined)
    throw simulatedStatusError(directives.status, directives.retryAfterSeconds)
  const steps = simulationSteps(request, {
    ...context,
    pacing: withSimulatedPacing(context.pacing, directives),
  })
  return applyStreamFaults(steps, directives, context.dialect)
}

/**
 * `busy-ms`: a synchronous spin, on purpose. It stands for a request that costs CPU (a huge schema to
 * make an example of), which a timer would not: nothing else on this thread runs until it returns.
 */
function keepThreadBusy(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spin
  }
}
