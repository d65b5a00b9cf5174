import type { ChatResult } from '@shared/chat/chat-result'
import type { ReplyRecord } from '@shared/history/conversation'
import type { TerminalState } from '@shared/runs/run-types'
import type { LiveRun } from './live-run'

/**
 * What is kept about a reply once it ended (history files hold it; the footer shows it after a
 * restart). Network errors and timeouts carry a plain-language message but no dialect error: it is
 * kept as an error of that type, since the record has no other place for it.
 */
export function buildReplyRecord(
  run: LiveRun & { state: TerminalState },
  result: ChatResult,
  now: number,
): ReplyRecord {
  const record: ReplyRecord = {
    dialect: run.dialect,
    model: run.model,
    state: run.state,
    metrics: {},
    adjustments: run.adjustments,
    createdAt: now,
  }
  if (result.finish !== undefined) record.finish = result.finish
  const usage = result.usage ?? run.metrics?.usage
  if (usage !== undefined) record.usage = usage
  const error = run.error ?? result.error ?? messageAsError(run)
  if (error !== undefined) record.error = error
  const metrics = run.metrics
  if (metrics !== undefined) {
    if (metrics.ttfbMs !== undefined) record.metrics.ttfbMs = metrics.ttfbMs
    if (metrics.ttftMs !== undefined) record.metrics.ttftMs = metrics.ttftMs
    if (metrics.totalMs !== undefined) record.metrics.totalMs = metrics.totalMs
    if (metrics.tokensPerSecond !== undefined) record.metrics.tokensPerSecond = metrics.tokensPerSecond
    record.metrics.outputTokens = metrics.outputTokens
    if (metrics.points !== undefined) record.metrics.points = metrics.points
    if (metrics.reasoningMs !== undefined) record.metrics.reasoningMs = metrics.reasoningMs
    if (metrics.reasoningTokens !== undefined) {
      record.metrics.reasoningTokens = metrics.reasoningTokens
      record.metrics.reasoningTokensEstimated = metrics.reasoningTokensEstimated === true
    }
  }
  return record
}

/** Failures told in plain words only (no dialect error): kept as an error of the run's state. */
function messageAsError(run: LiveRun): ReplyRecord['error'] {
  if (run.message === undefined) return undefined
  // A stop or a cut stream is not an error: its footer line says so, without the message.
  if (run.state !== 'network_error' && run.state !== 'timeout' && run.state !== 'provider_error')
    return undefined
  return { type: run.state, message: run.message }
}

/** A reply that never started: chat:start itself was refused (unknown profile, bad input). */
export function failedStartRecord(
  run: Pick<LiveRun, 'dialect' | 'model'>,
  message: string,
  now: number,
): ReplyRecord {
  return {
    dialect: run.dialect,
    model: run.model,
    state: 'provider_error',
    error: { type: 'start_refused', message },
    metrics: {},
    adjustments: [],
    createdAt: now,
  }
}
