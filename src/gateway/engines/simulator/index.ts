/**
 * The simulator engine: a deterministic, offline stand-in for a model. Pure (no I/O): the gateway
 * decides when to throw, pace and cut; see README.md for the behaviour users can rely on.
 */
export type { Simulation, SimulationContext } from './simulation'
export {
  simulate,
  earliestStopSequence,
  SIMULATOR_MAX_OUTPUT_TOKENS,
  DEFAULT_LONG_REPLY_TOKENS,
} from './simulate'
export {
  estimatePromptTokens,
  TOKENS_PER_IMAGE,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_TOOL,
  REPLY_PRIMING_TOKENS,
} from './estimate-prompt-tokens'
export {
  applySimulatedFaults,
  runSimulation,
  withSimulatedPacing,
  MIDSTREAM_ERROR_AFTER_PARTS,
} from './apply-simulated-faults'
export { SIMULATE_HEADER_HELP } from './simulate-header-help'
export { exampleFromSchema } from './json-schema-example'
