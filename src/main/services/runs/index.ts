export { createRunRegistry, type RunRegistry } from './create-run-registry'
export type { RunRegistryOptions } from './run-registry-options'
