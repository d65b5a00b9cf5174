import type { RunStartInput } from '@shared/runs/run-types'
import { executeRun } from './execute-run'
import { resolveRunRegistryOptions, type RunRegistryOptions } from './run-registry-options'
import { createRunSession, type RunSession } from './run-session'

export type RunRegistry = {
  /** Returns at once; the run goes on asynchronously and reports through `emit`. */
  start(input: RunStartInput): { runId: string }
  /**
   * Stops a run: the fetch is aborted (the client just stops reading; the gateway does not support
   * cancellation), the parts already received are kept, and the run ends `aborted`. A no-op for an
   * unknown or finished run.
   */
  cancel(runId: string): void
  /** Shutdown: every active run ends `aborted`. */
  cancelAll(): void
  /** Runs not yet in a terminal state. */
  active(): number
}

/**
 * The run registry: streams requests from main in either dialect on the renderer's behalf
 * (IPC `chat:start` / `chat:cancel`, event `chat:update`). The API key is read per run through
 * `resolveTarget` and never leaves main: every update is redacted before it is emitted.
 */
export function createRunRegistry(options: RunRegistryOptions): RunRegistry {
  const registry = resolveRunRegistryOptions(options)
  const runs = new Map<string, RunSession>()

  function stop(session: RunSession, message: string): void {
    session.finish({ state: 'aborted', message })
  }

  return {
    start(input) {
      const id = registry.newRunId()
      const session = createRunSession({
        id,
        input,
        registry,
        onFinished: () => runs.delete(id),
      })
      runs.set(id, session)
      // Asynchronous from the first step on, so `start` returns before anything can be emitted.
      queueMicrotask(() => {
        executeRun(session, registry).catch((error: unknown) => {
          // A bug, not a network condition: log it, and still end the run exactly once.
          registry.logger.error(`run ${id} failed unexpectedly`, session.redactor.text(String(error)))
          const message = `Internal error while running the request: ${error instanceof Error ? error.message : String(error)}`
          session.finish(
            session.responded ? { state: 'incomplete', message } : { state: 'network_error', message },
          )
        })
      })
      return { runId: id }
    },
    cancel(runId) {
      const session = runs.get(runId)
      if (session !== undefined) stop(session, 'Stopped; the text received so far is kept.')
    },
    cancelAll() {
      for (const session of [...runs.values()]) stop(session, 'Stopped because the app is closing.')
    },
    active: () => runs.size,
  }
}
