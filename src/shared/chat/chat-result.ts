import type { AssistantContentPart } from './chat-request'
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
 * `cacheReadTokens` and `cacheWriteTokens` are the parts of `inputTokens` read from and written to
 * the prompt cache; `reasoningTokens` the part of `outputTokens` spent thinking.
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
  /** Thinking, text and tool calls in the order they were produced. */
  content: AssistantContentPart[]
  finish?: FinishReason
  usage?: Usage
  status: ResultStatus
  error?: DialectError
}
