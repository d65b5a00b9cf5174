import type { DialectId } from '@shared/chat/chat-request'
import type { FinishReason, Usage } from '@shared/chat/chat-result'
import type { DialectError } from '@shared/chat/errors'
import { dialects } from '@shared/dialects'

/** How reply figures are written under a reply, in the compare summary and in the inspector. */

// One formatter for all: `toLocaleString('en-US')` builds an ICU formatter per call (~50 µs), and a
// streaming reply's footer formats its figures every frame.
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

/** `in 45 · out 120 · cached 0`; out is marked `~` when it is a tokenizer estimate. */
export function formatUsage(
  usage: Usage | undefined,
  fallbackOutput?: { count: number; estimated: boolean },
): string | undefined {
  if (usage !== undefined) {
    return `in ${formatCount(usage.inputTokens)} · out ${formatCount(usage.outputTokens)} · cached ${formatCount(usage.cacheReadTokens ?? 0)}`
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
