import type { ChatMessage, ChatRequest } from '../chat/chat-request'
import { forEachPromptSegment, REPLY_PRIMING_TOKENS } from './prompt-segments'

type CountText = (text: string) => number

/**
 * A prompt's tokens: its segments (prompt-segments.ts says how each is priced) plus the reply's
 * priming. Each text is counted alone with `countText` (the caller's tokenizer, usually a memoized
 * o200k): the role framing keeps neighbouring texts from merging into one token.
 */
export function countPromptTokens(request: ChatRequest, countText: CountText): number {
  let tokens = REPLY_PRIMING_TOKENS
  forEachPromptSegment(request, countText, (segment) => (tokens += segment.tokens))
  return tokens
}

/** One message's tokens, its framing included, as the last turn of a prompt. */
export function countMessageTokens(message: ChatMessage, countText: CountText): number {
  let tokens = 0
  forEachPromptSegment(
    { model: '', stream: false, messages: [message] },
    countText,
    (segment) => (tokens += segment.tokens),
  )
  return tokens
}
