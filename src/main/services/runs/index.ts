export { createRunRegistry, type RunRegistry } from './create-run-registry'
export type { RunRegistryOptions, RunRetryOptions, RunTarget, RunTimeouts } from './run-registry-options'
export type { ConnectionHooks, ConnectionWatcher } from './connection-watcher'
export type { FrameScheduler } from './run-update-batcher'
