import type { DialectId } from '@shared/chat/chat-request'
import type { FinishReason, Usage } from '@shared/chat/chat-result'
import type { DialectError } from '@shared/chat/errors'
import { dialects } from '@shared/dialects'

/** How reply figures are written under a reply, in the compare summary and in the inspector. */

// One formatter for all: `toLocaleString('en-US')` builds an ICU formatter per call, and a streaming
// reply's footer formats its figures every frame (performance.md R1).
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const grouped = new Intl.NumberFormat('en-US')

export function dialectLabel(dialect: DialectId): string {
  return dialects[dialect].label
}

/** `stop · end_turn`: the unified reason (comparable across dialects) and the wire's own word. */
export function formatFinish(finish: FinishReason | undefined): string | undefined {
  if (finish === undefined) return undefined
  const base = `${finish.unified} · ${finish.raw}`
  return finish.stopSequence === undefined ? base : `${base} (${JSON.stringify(finish.stopSequence)})`
}

/** `850 ms`, `1.24 s`, `12.3 s`, `2 min 5 s`. */
export function formatDuration(ms: number | undefined): string | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  if (seconds < 10) return `${seconds.toFixed(2)} s`
  if (seconds < 60) return `${seconds.toFixed(1)} s`
  const minutes = Math.floor(seconds / 60)
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`
}

/** `143 tok/s` (one decimal under 10). */
export function formatRate(tokensPerSecond: number | undefined): string | undefined {
  if (tokensPerSecond === undefined || !Number.isFinite(tokensPerSecond)) return undefined
  const value =
    tokensPerSecond < 10 ? tokensPerSecond.toFixed(1) : wholeNumber.format(Math.round(tokensPerSecond))
  return `${value} tok/s`
}

export function formatCount(count: number): string {
  return grouped.format(count)
}

/**
 * `in 45 · out 120 · cached 0`; with the prompt cache at work the input is split,
 * `in 12,504 · out 120 · 480 uncached · 1,024 cache write · 11,000 cache read` (canonical `inputTokens`
 * holds all three), and output says how much of it was reasoning, `out 900 (812 reasoning)`. Out is
 * marked `~` when it is a tokenizer estimate.
 */
export function formatUsage(
  usage: Usage | undefined,
  fallbackOutput?: { count: number; estimated: boolean },
): string | undefined {
  if (usage !== undefined) {
    const read = usage.cacheReadTokens ?? 0
    const write = usage.cacheWriteTokens ?? 0
    const reasoning = usage.reasoningTokens ?? 0
    // A usage sent before the content (Messages' message_start: out 0 or 1) is behind the reply
    // until the next one comes: the run's own count, marked as an estimate, says more meanwhile.
    const behind = fallbackOutput?.estimated === true && fallbackOutput.count > usage.outputTokens
    const outCount = behind ? `~${formatCount(fallbackOutput.count)}` : formatCount(usage.outputTokens)
    const out = `out ${outCount}${reasoning > 0 ? ` (${formatCount(reasoning)} reasoning)` : ''}`
    const head = `in ${formatCount(usage.inputTokens)} · ${out}`
    if (read === 0 && write === 0) return `${head} · cached 0`
    const uncached = Math.max(0, usage.inputTokens - read - write)
    return `${head} · ${formatCount(uncached)} uncached · ${formatCount(write)} cache write · ${formatCount(read)} cache read`
  }
  // Nothing arrived (an error before the reply): "out 0" would say nothing the state does not.
  if (fallbackOutput === undefined || fallbackOutput.count === 0) return undefined
  return `out ${fallbackOutput.estimated ? '~' : ''}${formatCount(fallbackOutput.count)}`
}

/** `HTTP 429 · rate_limit_error`, plus the code when the dialect gives one (`rate_limit_exceeded`). */
export function formatErrorHeadline(error: DialectError): string {
  const code =
    error.code === undefined || error.code === null || error.code === error.type ? undefined : error.code
  return [error.status === undefined ? undefined : `HTTP ${error.status}`, error.type, code]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ')
}
