import { setMaxListeners } from 'node:events'
import {
  createStreamAccumulator,
  reduceStreamPart,
  type StreamAccumulator,
} from '@shared/chat/reduce-stream-part'
import type { CellReply, ExecuteCell } from '@shared/eval/run/run-evaluation'
import type { RunMetrics, RunUpdate } from '@shared/runs/run-types'
import { createRunRegistry, type RunRegistry } from '../runs'
import type { RunRegistryOptions } from '../runs/run-registry-options'

/** Above the runner's concurrency cap (64) with room for rubric requests. */
const MAX_CELLS_IN_FLIGHT = 256

type Pending = {
  acc: StreamAccumulator
  metrics?: RunMetrics
  resolve: (reply: CellReply) => void
}

export type RegistryCellExecutorOptions = Omit<RunRegistryOptions, 'emit'> & {
  /** Every update of every cell, after the executor has read it (inspector, tests). */
  onUpdate?: (update: RunUpdate) => void
}

/**
 * The evaluation runner's transport, built on the run registry: each cell is a run like a chat
 * request (the target's `connection` is the registry's profile id, so the key is read in main by
 * `resolveTarget` and never enters the eval core), with the same dialect layer, retries, timeouts,
 * metrics, points and redaction. The app's main process and the eval CLI both use it; `fetch` and
 * `resolveTarget` decide where requests go.
 */
export function createRegistryCellExecutor(options: RegistryCellExecutorOptions): {
  execute: ExecuteCell
  registry: RunRegistry
} {
  const pending = new Map<string, Pending>()
  // Updates can only arrive after start() returned the id (runs begin in a microtask), but a map
  // keyed by id is filled right after start(), before any microtask runs: nothing is missed.
  const registry = createRunRegistry({
    ...options,
    emit: (update) => {
      const cell = pending.get(update.runId)
      if (cell !== undefined) {
        for (const part of update.parts ?? []) reduceStreamPart(cell.acc, part)
        if (update.metrics !== undefined) cell.metrics = update.metrics
        if (update.terminal !== undefined) {
          pending.delete(update.runId)
          const reply: CellReply = { state: update.terminal.state, result: cell.acc.result }
          if (cell.metrics !== undefined) reply.metrics = cell.metrics
          const message = update.terminal.message ?? update.terminal.error?.message
          if (message !== undefined) reply.message = message
          cell.resolve(reply)
        }
      }
      options.onUpdate?.(update)
    },
  })

  const execute: ExecuteCell = ({ target, request, signal }) =>
    new Promise<CellReply>((resolve) => {
      const { runId } = registry.start({ profileId: target.connection, dialect: target.dialect, request })
      const cancel = (): void => registry.cancel(runId)
      // One signal serves a whole run of thousands of cells: each cell takes its listener away again.
      pending.set(runId, {
        acc: createStreamAccumulator(),
        resolve: (reply) => {
          signal.removeEventListener('abort', cancel)
          resolve(reply)
        },
      })
      if (signal.aborted) cancel()
      else {
        // One listener per cell in flight (at most 64, plus rubric requests), not a leak: raise
        // Node's warning threshold of 10 for this signal.
        setMaxListeners(MAX_CELLS_IN_FLIGHT, signal)
        signal.addEventListener('abort', cancel, { once: true })
      }
    })

  return { execute, registry }
}
