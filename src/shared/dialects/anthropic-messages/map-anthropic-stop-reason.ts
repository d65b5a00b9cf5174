import type { FinishReason, UnifiedFinishReason } from '../../chat/chat-result'

/** Every `stop_reason` the 2023-06-01 API documents (B2). New ones may appear: they map to `other`. */
const ANTHROPIC_STOP_REASONS = [
  'end_turn',
  'stop_sequence',
  'max_tokens',
  'tool_use',
  'refusal',
  'pause_turn',
  'model_context_window_exceeded',
] as const
export type AnthropicStopReason = (typeof ANTHROPIC_STOP_REASONS)[number]

function isAnthropicStopReason(raw: string): raw is AnthropicStopReason {
  return (ANTHROPIC_STOP_REASONS as readonly string[]).includes(raw)
}

function unifiedFromKnownStopReason(reason: AnthropicStopReason): UnifiedFinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop'
    case 'max_tokens':
      return 'length'
    // The context window filled up before max_tokens: for the user it is the same "cut short".
    case 'model_context_window_exceeded':
      return 'length'
    case 'tool_use':
      return 'tool-calls'
    case 'refusal':
      return 'content-filter'
    // A long server-tool turn paused; the caller must send the reply back to continue. Not a stop.
    case 'pause_turn':
      return 'other'
    default: {
      const unreachable: never = reason
      throw new Error(`unknown stop reason ${String(unreachable)}`)
    }
  }
}

/** A wire `stop_reason` (+ `stop_sequence`) as a two-sided finish reason. */
export function finishFromAnthropic(stopReason: string, stopSequence?: string | null): FinishReason {
  const unified = isAnthropicStopReason(stopReason) ? unifiedFromKnownStopReason(stopReason) : 'other'
  const reason: FinishReason = { unified, raw: stopReason }
  if (stopReason === 'stop_sequence' && typeof stopSequence === 'string') reason.stopSequence = stopSequence
  return reason
}

export type AnthropicStop = { stop_reason: AnthropicStopReason; stop_sequence: string | null }

/**
 * The `stop_reason` to write for a finish reason from any dialect. A raw value that is already one of
 * ours and means the same thing is kept, so `pause_turn` or `model_context_window_exceeded` survive a
 * Messages-to-Messages proxy; anything else is mapped from `unified`. No finish at all → `end_turn`.
 */
export function anthropicStopFromFinish(reason: FinishReason | undefined): AnthropicStop {
  if (reason === undefined) return { stop_reason: 'end_turn', stop_sequence: null }
  const { raw, unified, stopSequence } = reason
  if (isAnthropicStopReason(raw) && unifiedFromKnownStopReason(raw) === unified) {
    if (raw !== 'stop_sequence') return { stop_reason: raw, stop_sequence: null }
    if (stopSequence !== undefined) return { stop_reason: raw, stop_sequence: stopSequence }
    // `stop_sequence` without the sequence itself would be a lie: fall through to `end_turn`.
  }
  switch (unified) {
    case 'stop':
      return stopSequence === undefined
        ? { stop_reason: 'end_turn', stop_sequence: null }
        : { stop_reason: 'stop_sequence', stop_sequence: stopSequence }
    case 'length':
      return { stop_reason: 'max_tokens', stop_sequence: null }
    case 'tool-calls':
      return { stop_reason: 'tool_use', stop_sequence: null }
    case 'content-filter':
      return { stop_reason: 'refusal', stop_sequence: null }
    // Messages has no "error" or "other" stop reason; a reply that reached its end is an `end_turn`.
    case 'other':
    case 'error':
      return { stop_reason: 'end_turn', stop_sequence: null }
    default: {
      const unreachable: never = unified
      throw new Error(`unknown finish reason ${String(unreachable)}`)
    }
  }
}
