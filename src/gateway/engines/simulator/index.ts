/**
 * The simulator engine: a deterministic, offline stand-in for a model. Its reply is pure (no I/O, no
 * clock, no randomness of its own); `simulator-engine.ts` puts it behind the Engine interface, where
 * the gateway decides when to throw, pace and cut. See README.md for what users can rely on.
 */

export { estimatePromptTokens, promptTokensAtMost } from './estimate-prompt-tokens'
export { createSimulatorEngine } from './simulator-engine'
export { readySimulation } from './ready-simulation'
export { SIMULATE_HEADER_HELP } from './simulate-header-help'
