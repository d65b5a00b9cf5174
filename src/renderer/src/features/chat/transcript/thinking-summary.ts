import { formatCount, formatDuration } from '@renderer/features/chat/format-reply'

export type ThinkingFacts = {
  /** The reply is still thinking (streaming, no answer part yet). */
  thinking: boolean
  /** Time spent thinking (run-types.ts `reasoningMs`). */
  ms?: number
  tokens?: number
  /** `tokens` is an o200k estimate of the thinking text, not the server's count. */
  estimated?: boolean
}

/** `3.2 s` under a minute (one decimal reads as a stopwatch), `2 min 5 s` beyond. */
function thinkingTime(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : (formatDuration(ms) ?? '')
}

/**
 * The head of a thinking block: "Thinking… 1.2 s · ~300 tokens" while it thinks, "Thought for 3.2 s ·
 * 812 tokens" after (`~` marks an estimate, as the footer's "out ~N" does).
 */
export function thinkingSummary(facts: ThinkingFacts): string {
  const parts: string[] = []
  if (facts.ms !== undefined) parts.push(thinkingTime(facts.ms))
  if (facts.tokens !== undefined && facts.tokens > 0) {
    parts.push(`${facts.estimated ? '~' : ''}${formatCount(facts.tokens)} tokens`)
  }
  if (facts.thinking) return parts.length === 0 ? 'Thinking…' : `Thinking… ${parts.join(' · ')}`
  if (facts.ms === undefined) return parts.length === 0 ? 'Thinking' : `Thought · ${parts.join(' · ')}`
  return `Thought for ${parts.join(' · ')}`
}
