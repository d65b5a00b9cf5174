import { formatPoints } from '@shared/catalog/format-points'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import type { Pane, ReplyRecord, StoredMessage } from '@shared/history/conversation'
import {
  dialectLabel,
  formatCount,
  formatDuration,
  formatFinish,
  formatRate,
} from '@renderer/features/chat/format-reply'

/** One pane's side of the comparison. */
type CompareSide = {
  finish: string
  tokens: string
  ttft: string
  total: string
  rate: string
  reasoning: string
  thinking: string
  cacheRead: string
  points: string
  adjustments: ParamAdjustment[]
}

/** A figure of each pane's reply, in pane order; `differs` when they are not all the same. */
type CompareRow = { label: string; values: string[]; differs: boolean }

export type CompareSummaryView = {
  turnId: string
  /** `OpenAI (chat completions) · model` of each pane (the column heads). */
  targets: string[]
  rows: CompareRow[]
  /** What each dialect did to the shared parameters (clamped, dropped, defaulted, converted). */
  adjustments: ParamAdjustment[][]
  /** Adjustments one pane made and another did not (by parameter and action): the real differences. */
  adjustmentsDiffer: boolean
}

const NONE = '—'

/** The reply of a pane to a turn: its last assistant message after that user turn, once it ended. */
export function replyToTurn(
  messages: readonly StoredMessage[],
  turnId: string,
): { id: string; reply: ReplyRecord; message: StoredMessage } | undefined {
  const start = messages.findIndex((m) => m.id === turnId)
  if (start === -1) return undefined
  let found: { id: string; reply: ReplyRecord; message: StoredMessage } | undefined
  for (const message of messages.slice(start + 1)) {
    if (message.role === 'user') break
    if (message.role === 'assistant')
      found = message.reply ? { id: message.id, reply: message.reply, message } : undefined
  }
  return found
}

function lastUserTurnId(messages: readonly StoredMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role === 'user') return message.id
  }
  return undefined
}

function side(reply: ReplyRecord): CompareSide {
  const tokensIn = reply.usage ? formatCount(reply.usage.inputTokens) : NONE
  const tokensOut = reply.usage
    ? formatCount(reply.usage.outputTokens)
    : reply.metrics.outputTokens === undefined
      ? NONE
      : `~${formatCount(reply.metrics.outputTokens)}`
  return {
    finish: formatFinish(reply.finish) ?? reply.state,
    tokens: `${tokensIn} / ${tokensOut}`,
    ttft: formatDuration(reply.metrics.ttftMs) ?? NONE,
    total: formatDuration(reply.metrics.totalMs) ?? NONE,
    rate: formatRate(reply.metrics.tokensPerSecond) ?? NONE,
    reasoning: reasoningTokens(reply),
    thinking: formatDuration(reply.metrics.reasoningMs) ?? NONE,
    cacheRead: reply.usage ? formatCount(reply.usage.cacheReadTokens ?? 0) : NONE,
    // Read as everywhere (formatPoints); the reply footer keeps the exact figure one click away.
    points: reply.metrics.points === undefined ? NONE : `${formatPoints(reply.metrics.points)} pts`,
    adjustments: reply.adjustments,
  }
}

/** The server's reasoning tokens, else the estimate from the thinking text (`~`), else none. */
function reasoningTokens(reply: ReplyRecord): string {
  const reported = reply.usage?.reasoningTokens
  if (reported !== undefined && reported > 0) return formatCount(reported)
  const estimated = reply.metrics.reasoningTokens
  if (estimated !== undefined && estimated > 0) {
    return `${reply.metrics.reasoningTokensEstimated ? '~' : ''}${formatCount(estimated)}`
  }
  return reported === 0 || estimated === 0 ? '0' : NONE
}

function targetLabel(reply: ReplyRecord): string {
  return `${dialectLabel(reply.dialect)} · ${reply.model}`
}

const hasCacheReads = (reply: ReplyRecord): boolean => (reply.usage?.cacheReadTokens ?? 0) > 0

const adjustmentKey = (adjustment: ParamAdjustment): string => `${adjustment.param}:${adjustment.action}`

/**
 * The comparison of the panes' replies (two to four) to the same (latest) user turn, or undefined
 * while one has not answered it yet (a reply copied into a newly forked pane is not an answer of its
 * own). Panes share a turn by its id: a send adds one turn to each.
 */
export function compareSummary(panes: readonly Pane[]): CompareSummaryView | undefined {
  const first = panes[0]
  if (!first || panes.length < 2) return undefined
  const turnId = lastUserTurnId(first.messages)
  if (turnId === undefined || panes.some((pane) => lastUserTurnId(pane.messages) !== turnId)) return undefined
  const answers = panes.map((pane) => replyToTurn(pane.messages, turnId))
  if (answers.some((answer) => answer === undefined)) return undefined
  const replies = answers.map((answer) => answer!)
  // A pane forked after this turn holds a copy of another's reply (same id): nothing to compare yet.
  if (new Set(replies.map((answer) => answer.id)).size < replies.length) return undefined
  const sides = replies.map((answer) => side(answer.reply))
  const row = (label: string, key: keyof Omit<CompareSide, 'adjustments'>): CompareRow => {
    const values = sides.map((s) => s[key])
    return { label, values, differs: values.some((value) => value !== values[0]) }
  }
  const keySets = sides.map((s) => [...new Set(s.adjustments.map(adjustmentKey))].sort().join('\n'))
  return {
    turnId,
    targets: replies.map((answer) => targetLabel(answer.reply)),
    rows: [
      row('Finish', 'finish'),
      row('Tokens in / out', 'tokens'),
      row('TTFT', 'ttft'),
      row('Total time', 'total'),
      row('Tokens/s', 'rate'),
      // Rows about thinking and the cache only where a reply has something to say there.
      ...(sides.some((s) => s.reasoning !== NONE) ? [row('Reasoning tokens', 'reasoning')] : []),
      ...(sides.some((s) => s.thinking !== NONE) ? [row('Thinking time', 'thinking')] : []),
      ...(replies.some((answer) => hasCacheReads(answer.reply)) ? [row('Cache read', 'cacheRead')] : []),
      row('Points', 'points'),
    ],
    adjustments: sides.map((s) => s.adjustments),
    adjustmentsDiffer: keySets.some((keys) => keys !== keySets[0]),
  }
}
