import type { TextPart, ToolCallPart } from './chat-request'
import type { DialectError } from './errors'

/**
 * Finish reasons stay two-sided: `unified` for comparing dialects, `raw` exactly as the wire said it
 * (`stop`, `end_turn`, `max_tokens`, …), so nothing is lost in translation.
 */
export type UnifiedFinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other'
export type FinishReason = {
  unified: UnifiedFinishReason
  raw: string
  /** The stop sequence that ended the reply, when the dialect says which one (Messages does). */
  stopSequence?: string
}

/**
 * Token counts. `inputTokens` is the whole prompt including cached tokens (OpenAI's `prompt_tokens`
 * semantics); Anthropic's `input_tokens` excludes cache and is converted on parse.
 */
export type Usage = {
  inputTokens: number
  outputTokens: number
  cacheReadTokens?: number
  cacheWriteTokens?: number
  reasoningTokens?: number
}

/**
 * How a reply ended, as far as the bytes tell. Run-level states that only the caller can know
 * (network_error, aborted, timeout) are added by the run registry in main.
 */
type ResultStatus = 'completed' | 'incomplete' | 'provider_error'

export type ChatResult = {
  id?: string
  model?: string
  /** Text and tool calls in the order they were produced. */
  content: Array<TextPart | ToolCallPart>
  /** Reasoning / thinking text, when the model exposes it. */
  reasoning?: string
  finish?: FinishReason
  usage?: Usage
  status: ResultStatus
  error?: DialectError
}
