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
  rate: string
  reasoning: string
  thinking: string
  cacheRead: string
  adjustments: ParamAdjustment[]
}

type CompareRow = { label: string; values: [string, string]; differs: boolean }

export type CompareSummaryView = {
  turnId: string
  /** `OpenAI (chat completions) · model` of each pane (the column heads). */
  targets: [string, string]
  rows: CompareRow[]
  /** What each dialect did to the shared parameters (clamped, dropped, defaulted, converted). */
  adjustments: [ParamAdjustment[], ParamAdjustment[]]
  /** Adjustments one pane made and the other did not (by parameter and action): the real differences. */
  adjustmentsDiffer: boolean
}

const NONE = '—'

/** The reply of a pane to a turn: its last assistant message after that user turn, once it ended. */
function replyToTurn(
  messages: readonly StoredMessage[],
  turnId: string,
): { id: string; reply: ReplyRecord } | undefined {
  const start = messages.findIndex((m) => m.id === turnId)
  if (start === -1) return undefined
  let found: { id: string; reply: ReplyRecord } | undefined
  for (const message of messages.slice(start + 1)) {
    if (message.role === 'user') break
    if (message.role === 'assistant')
      found = message.reply ? { id: message.id, reply: message.reply } : undefined
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
    rate: formatRate(reply.metrics.tokensPerSecond) ?? NONE,
    reasoning: reasoningTokens(reply),
    thinking: formatDuration(reply.metrics.reasoningMs) ?? NONE,
    cacheRead: reply.usage ? formatCount(reply.usage.cacheReadTokens ?? 0) : NONE,
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
 * The comparison of two panes' replies to the same (latest) user turn, or undefined while either
 * has not answered it yet (a reply copied into a newly forked pane is not an answer of its own). Panes share a turn by its id: a send adds one turn to both.
 */
export function compareSummary(panes: readonly Pane[]): CompareSummaryView | undefined {
  const [first, second] = panes
  if (!first || !second) return undefined
  const turnId = lastUserTurnId(first.messages)
  if (turnId === undefined || lastUserTurnId(second.messages) !== turnId) return undefined
  const answerA = replyToTurn(first.messages, turnId)
  const answerB = replyToTurn(second.messages, turnId)
  if (!answerA || !answerB) return undefined
  // A pane forked after this turn holds a copy of the other's reply (same id): nothing to compare yet.
  if (answerA.id === answerB.id) return undefined
  const a = answerA.reply
  const b = answerB.reply
  const left = side(a)
  const right = side(b)
  const row = (label: string, key: keyof Omit<CompareSide, 'adjustments'>): CompareRow => ({
    label,
    values: [left[key], right[key]],
    differs: left[key] !== right[key],
  })
  const leftKeys = new Set(left.adjustments.map(adjustmentKey))
  const rightKeys = new Set(right.adjustments.map(adjustmentKey))
  const adjustmentsDiffer =
    leftKeys.size !== rightKeys.size || [...leftKeys].some((key) => !rightKeys.has(key))
  return {
    turnId,
    targets: [targetLabel(a), targetLabel(b)],
    rows: [
      row('Finish', 'finish'),
      row('Tokens in / out', 'tokens'),
      row('TTFT', 'ttft'),
      row('Tokens/s', 'rate'),
      // Rows about thinking and the cache only where either reply has something to say there.
      ...(left.reasoning !== NONE || right.reasoning !== NONE ? [row('Reasoning tokens', 'reasoning')] : []),
      ...(left.thinking !== NONE || right.thinking !== NONE ? [row('Thinking time', 'thinking')] : []),
      ...(hasCacheReads(a) || hasCacheReads(b) ? [row('Cache read', 'cacheRead')] : []),
    ],
    adjustments: [left.adjustments, right.adjustments],
    adjustmentsDiffer,
  }
}
