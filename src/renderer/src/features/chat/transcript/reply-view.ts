import type { DialectError } from '@shared/chat/errors'
import type { ReplyRecord } from '@shared/history/conversation'
import type { TerminalState } from '@shared/runs/run-types'
import {
  dialectLabel,
  formatDuration,
  formatErrorHeadline,
  formatFinish,
  formatRate,
  formatUsage,
} from '@renderer/features/chat/format-reply'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'

type ReplyPhase = 'waiting' | 'streaming' | TerminalState

export type ReplyView = {
  phase: ReplyPhase
  dialect: string
  model: string
  finish?: string
  ttft?: string
  rate?: string
  total?: string
  usage?: string
  /** The exact points string (the footer rounds it for reading, formatPoints). */
  points?: string
  /** One line about how the reply ended, when it did not end normally (with main's detail, if any). */
  notice?: { tone: 'info' | 'warning' | 'error'; text: string; detail?: string }
  error?: { headline: string; message: string; requestId?: string }
  /** Main waits before trying again (only before any content arrived). */
  retry?: string
  seqGap: boolean
  /** Offer "Retry" (regenerate): the reply failed or was cut. */
  canRetry: boolean
}

const INCOMPLETE_TEXT = 'Incomplete — the stream ended before its end marker'
const STOPPED_TEXT = 'Stopped'
export const SEQ_GAP_TEXT =
  'Some updates from the app were lost on the way: the reply shown may be incomplete.'

function errorView(error: DialectError | undefined, requestId: string | undefined): ReplyView['error'] {
  if (error === undefined) return undefined
  const id = error.requestId ?? requestId
  return { headline: formatErrorHeadline(error), message: error.message, ...(id ? { requestId: id } : {}) }
}

function noticeFor(phase: ReplyPhase): ReplyView['notice'] {
  switch (phase) {
    case 'waiting':
    case 'streaming':
    case 'completed':
      return undefined
    case 'incomplete':
      return { tone: 'warning', text: INCOMPLETE_TEXT }
    case 'aborted':
      return { tone: 'info', text: STOPPED_TEXT }
    case 'provider_error':
      return { tone: 'error', text: 'The provider answered with an error' }
    case 'network_error':
      return { tone: 'error', text: 'Network error' }
    case 'timeout':
      return { tone: 'error', text: 'Timed out' }
    default: {
      const unreachable: never = phase
      throw new Error(`unknown phase ${String(unreachable)}`)
    }
  }
}

function withFigures(view: ReplyView, figures: Partial<ReplyView>): ReplyView {
  for (const [key, value] of Object.entries(figures)) {
    if (value !== undefined) (view as Record<string, unknown>)[key] = value
  }
  return view
}

/**
 * What the footer of a reply says: from the live run while it streams (and for the rest of the
 * session, with the inspector's data), else from the ReplyRecord kept in history.
 */
export function replyView(
  reply: ReplyRecord | undefined,
  run: LiveRun | undefined,
  hasContent: boolean,
): ReplyView | undefined {
  if (run !== undefined) {
    const state = run.state
    const live = state === 'starting' || state === 'running'
    const phase: ReplyPhase =
      state === 'starting' || state === 'running' ? (hasContent ? 'streaming' : 'waiting') : state
    const metrics = run.metrics
    const view: ReplyView = {
      phase,
      dialect: dialectLabel(run.dialect),
      model: run.model,
      seqGap: run.seqGap,
      canRetry: !live && run.state !== 'completed',
    }
    const points = metrics?.points
    const error = run.error ?? reply?.error
    // Main's plain words: an error for failures, a detail of the notice for a cut stream, and
    // nothing for a stop (the notice says "Stopped").
    const failed = state === 'network_error' || state === 'timeout' || state === 'provider_error'
    const message = failed ? run.message : undefined
    const notice = noticeFor(phase)
    if (notice && state === 'incomplete' && run.message !== undefined) notice.detail = run.message
    withFigures(view, {
      finish: formatFinish(run.finish ?? reply?.finish),
      ttft: formatDuration(metrics?.ttftMs),
      rate: formatRate(metrics?.tokensPerSecond),
      total: formatDuration(metrics?.totalMs),
      usage: formatUsage(
        run.usage ?? metrics?.usage,
        metrics ? { count: metrics.outputTokens, estimated: metrics.outputTokensEstimated } : undefined,
      ),
      points,
      notice,
      error:
        errorView(error, run.response?.requestId) ??
        (message === undefined ? undefined : { headline: run.state, message }),
      retry:
        live && run.retry !== undefined && !hasContent
          ? `Retry ${run.retry.attempt} in ${formatDuration(run.retry.delayMs) ?? '0 ms'}: ${run.retry.reason}`
          : undefined,
    })
    // A plain-language message with a dialect error too (rare): the message explains the error.
    if (view.error && message !== undefined && error !== undefined && message !== error.message) {
      view.error.message = `${error.message} — ${message}`
    }
    return view
  }
  if (reply === undefined) return undefined
  const view: ReplyView = {
    phase: reply.state,
    dialect: dialectLabel(reply.dialect),
    model: reply.model,
    seqGap: false,
    canRetry: reply.state !== 'completed',
  }
  const points = reply.metrics.points
  return withFigures(view, {
    finish: formatFinish(reply.finish),
    ttft: formatDuration(reply.metrics.ttftMs),
    rate: formatRate(reply.metrics.tokensPerSecond),
    total: formatDuration(reply.metrics.totalMs),
    usage: formatUsage(
      reply.usage,
      reply.metrics.outputTokens === undefined
        ? undefined
        : { count: reply.metrics.outputTokens, estimated: true },
    ),
    points,
    notice: noticeFor(reply.state),
    error: errorView(reply.error, undefined),
  })
}
