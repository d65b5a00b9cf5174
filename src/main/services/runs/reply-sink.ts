import type { ChatResult } from '@shared/chat/chat-result'
import { createStreamAccumulator, reduceStreamPart } from '@shared/chat/reduce-stream-part'
import type { StreamPart } from '@shared/chat/stream-part'
import type { RunMetricsTracker } from './run-metrics'
import type { RunSession } from './run-session'
import type { RunTerminal } from './run-session'

/**
 * Where the parts of a reply go, streamed or not: measured, redacted (with a carry per text field,
 * see PartRedactor), reduced (the one reducer decides what
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
  const redaction = session.redactor.parts()
  let stopped = false

  function accept(parts: readonly StreamPart[]): void {
    if (parts.length === 0) return
    for (const part of parts) reduceStreamPart(accumulator, part)
    session.batcher.addParts(parts)
  }

  // Whoever ends the run (end of the body, a cut connection, a timeout, the user's cancel), the text
  // the redaction holds back reaches the renderer before the terminal update.
  session.beforeFinish = () => accept(redaction.flush())

  return {
    push(parts, at) {
      if (stopped || parts.length === 0) return
      const accepted: StreamPart[] = []
      for (const raw of parts) {
        // Metrics see the parts as they arrived: held-back text must not shift the timing or make
        // a reported usage look stale. They only count; nothing of the text leaves main this way.
        metrics.observe(raw, at)
        accepted.push(...redaction.push(raw))
        if (raw.type === 'end' || raw.type === 'error') {
          stopped = true
          break
        }
      }
      accept(accepted)
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
