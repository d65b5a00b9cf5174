/**
 * The simulator engine: a deterministic, offline stand-in for a model. Pure (no I/O): the gateway
 * decides when to throw, pace and cut; see README.md for the behaviour users can rely on.
 */

export { estimatePromptTokens, promptTokensAtMost } from './estimate-prompt-tokens'
export { runSimulation } from './apply-simulated-faults'
export { readySimulation } from './ready-simulation'
export { SIMULATE_HEADER_HELP } from './simulate-header-help'
