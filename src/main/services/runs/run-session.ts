import type { RunStartInput, RunUpdate } from '@shared/runs/run-types'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunMetricsTracker } from './run-metrics'
import { createRunRedactor, type RunRedactor } from './run-redaction'
import { createRunUpdateBatcher, type RunUpdateBatcher } from './run-update-batcher'

export type RunTerminal = NonNullable<RunUpdate['terminal']>

/**
 * One run's shared state. `finish` is the ONLY way a run ends and it wins once: whichever comes
 * first (the reply's end, an error, a timeout timer, the user's cancel) emits the terminal update;
 * everything that happens later (a fetch rejecting because it was aborted, a late chunk) finds
 * `finished` set and does nothing. Finishing aborts `signal`, which stops the fetch, the body read
 * and any retry wait.
 */
export type RunSession = {
  readonly id: string
  readonly input: RunStartInput
  readonly batcher: RunUpdateBatcher
  readonly signal: AbortSignal
  readonly finished: boolean
  /** A response (any status) arrived for the current attempt. */
  responded: boolean
  redactor: RunRedactor
  /**
   * Called once, right before the terminal update, whoever ends the run (reply end, error, timer,
   * cancel): the reply sink releases the text its redaction still holds, so no character is lost.
   */
  beforeFinish: (() => void) | undefined
  /** Metrics of the current attempt (the one that produced the reply, after retries). */
  metrics: RunMetricsTracker | undefined
  useApiKey(apiKey: string): void
  finish(terminal: RunTerminal): void
}

export function createRunSession(options: {
  id: string
  input: RunStartInput
  registry: ResolvedRunRegistryOptions
  onFinished: (session: RunSession) => void
}): RunSession {
  const { id, input, registry } = options
  const controller = new AbortController()
  let finished = false

  const session: RunSession = {
    id,
    input,
    signal: controller.signal,
    get finished() {
      return finished
    },
    responded: false,
    redactor: createRunRedactor(null),
    beforeFinish: undefined,
    metrics: undefined,
    batcher: createRunUpdateBatcher({
      runId: id,
      emit: (update) => {
        try {
          registry.emit(update)
        } catch (error) {
          registry.logger.error(`run ${id}: emitting an update failed`, error)
        }
      },
      scheduleFrame: registry.scheduleFrame,
      metrics: () => session.metrics?.snapshot(),
    }),
    useApiKey(apiKey) {
      session.redactor = createRunRedactor(apiKey)
    },
    finish(terminal) {
      if (finished) return
      const release = session.beforeFinish
      session.beforeFinish = undefined
      release?.()
      finished = true
      const redacted: RunTerminal = { state: terminal.state }
      if (terminal.error !== undefined) redacted.error = session.redactor.error(terminal.error)
      if (terminal.message !== undefined) redacted.message = session.redactor.text(terminal.message)
      // Metrics go out even for aborted and incomplete runs: the points meter keeps what was measured.
      const metrics = session.metrics?.snapshot(registry.now())
      session.batcher.finish(redacted, metrics)
      controller.abort(new Error(`run ${terminal.state}`))
      options.onFinished(session)
      registry.logger.info(`run ${id} ended: ${redacted.state}`, {
        ...(redacted.error?.status === undefined ? {} : { status: redacted.error.status }),
        ...(redacted.message === undefined ? {} : { message: redacted.message }),
        ...(metrics?.totalMs === undefined ? {} : { totalMs: Math.round(metrics.totalMs) }),
      })
    },
  }
  return session
}
