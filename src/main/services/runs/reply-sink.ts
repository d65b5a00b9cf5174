import type { ChatResult } from '../../../shared/chat/chat-result'
import { createStreamAccumulator, reduceStreamPart } from '../../../shared/chat/reduce-stream-part'
import type { StreamPart } from '../../../shared/chat/stream-part'
import type { RunMetricsTracker } from './run-metrics'
import type { RunSession } from './run-session'
import type { RunTerminal } from './run-session'

/**
 * Where the parts of a reply go, streamed or not: redacted, reduced (the one reducer decides what
 * the reply means), measured, and queued for the renderer in arrival order. Reading stops at the
 * first `end` or `error` part: after the dialect's end marker nothing can change the reply, and an
 * in-band error ends it as a provider error.
 */
export type ReplySink = {
  push(parts: readonly StreamPart[], at: number): void
  /** An `end` or `error` part arrived: stop reading. */
  readonly stopped: boolean
  /** The terminal state the parts so far amount to, if the body ended here. */
  terminal(incompleteMessage: string): RunTerminal
}

export function createReplySink(session: RunSession, metrics: RunMetricsTracker): ReplySink {
  const accumulator = createStreamAccumulator()
  let stopped = false

  return {
    push(parts, at) {
      if (stopped || parts.length === 0) return
      const accepted: StreamPart[] = []
      for (const raw of parts) {
        const part = session.redactor.part(raw)
        reduceStreamPart(accumulator, part)
        metrics.observe(part, at)
        accepted.push(part)
        if (part.type === 'end' || part.type === 'error') {
          stopped = true
          break
        }
      }
      session.batcher.addParts(accepted)
      session.batcher.touchMetrics()
    },
    get stopped() {
      return stopped
    },
    terminal(incompleteMessage) {
      return terminalOf(accumulator.result, incompleteMessage)
    },
  }
}

function terminalOf(result: ChatResult, incompleteMessage: string): RunTerminal {
  switch (result.status) {
    case 'completed':
      return { state: 'completed' }
    case 'provider_error':
      return result.error === undefined
        ? { state: 'provider_error' }
        : { state: 'provider_error', error: result.error }
    case 'incomplete':
      return { state: 'incomplete', message: incompleteMessage }
    default: {
      const unreachable: never = result.status
      throw new Error(`unknown result status ${String(unreachable)}`)
    }
  }
}
