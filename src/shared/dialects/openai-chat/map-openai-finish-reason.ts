import type { FinishReason, UnifiedFinishReason } from '../../chat/chat-result'

/** Every `finish_reason` Chat Completions defines (`function_call` is deprecated but still sent by old servers). */
export const OPENAI_FINISH_REASONS = [
  'stop',
  'length',
  'tool_calls',
  'content_filter',
  'function_call',
] as const
export type OpenaiFinishReason = (typeof OPENAI_FINISH_REASONS)[number]

function isOpenaiFinishReason(raw: string): raw is OpenaiFinishReason {
  return (OPENAI_FINISH_REASONS as readonly string[]).includes(raw)
}

/** A wire `finish_reason` in unified terms; values this dialect does not define become `other`. */
export function mapOpenaiFinishReason(raw: string): UnifiedFinishReason {
  if (!isOpenaiFinishReason(raw)) return 'other'
  switch (raw) {
    case 'stop':
      return 'stop'
    case 'length':
      return 'length'
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls'
    case 'content_filter':
      return 'content-filter'
    default: {
      const unreachable: never = raw
      throw new Error(`unknown finish reason ${String(unreachable)}`)
    }
  }
}

export function finishReasonFromOpenai(raw: string): FinishReason {
  return { unified: mapOpenaiFinishReason(raw), raw }
}

/**
 * The `finish_reason` to write for a finish that may come from either dialect. A raw value that is
 * already ours and means the same thing is kept (a same-dialect proxy passes `function_call` through);
 * anything else is derived from `unified`. Chat Completions has no value for `error` or `other`, and
 * cannot say which stop sequence fired: those become `stop`, the neutral end.
 */
export function openaiFinishReasonFor(finish: FinishReason): OpenaiFinishReason {
  if (isOpenaiFinishReason(finish.raw) && mapOpenaiFinishReason(finish.raw) === finish.unified)
    return finish.raw
  switch (finish.unified) {
    case 'stop':
      return 'stop'
    case 'length':
      return 'length'
    case 'tool-calls':
      return 'tool_calls'
    case 'content-filter':
      return 'content_filter'
    case 'error':
    case 'other':
      return 'stop'
    default: {
      const unreachable: never = finish.unified
      throw new Error(`unknown unified finish reason ${String(unreachable)}`)
    }
  }
}
