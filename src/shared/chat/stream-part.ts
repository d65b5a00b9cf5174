import type { FinishReason, Usage } from './chat-result'
import type { DialectError } from './errors'
import type { SseMessage } from '../dialects/sse/sse-message'

/**
 * The common language of streams. Every dialect's `parseStream` turns SSE into these parts, every
 * dialect's `encodeStream` turns them back into SSE, and `reduceStreamPart` folds them into a result.
 *
 * Tool calls are keyed by `index`: the ordinal of the call within this reply (0, 1, …), not the
 * Anthropic content-block index and not the call id (ids only appear on the first fragment).
 */
export type StreamPart =
  /** Message identity, first thing a stream says (OpenAI role chunk, Anthropic message_start). */
  | { type: 'start'; id?: string; model?: string }
  | { type: 'text-delta'; text: string }
  /** Thinking text; it goes on the reasoning part being written, or starts one. */
  | { type: 'reasoning-delta'; text: string }
  /**
   * The signature of the thinking just written (Messages' one `signature_delta`, just before the
   * block stops): it closes that reasoning part; with no text before it (thinking `display:
   * "omitted"`) it is a reasoning part of its own with empty text.
   */
  | { type: 'reasoning-signature'; signature: string }
  /** A whole encrypted thinking block (Messages `redacted_thinking`). */
  | { type: 'redacted-reasoning'; data: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number }
  /** Totals so far (both dialects report cumulative counts): the last one wins. */
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason }
  /** An in-band error after the 200: the reply is a provider error, text so far is kept. */
  | { type: 'error'; error: DialectError }
  /** The dialect's terminal marker arrived (`[DONE]`, `message_stop`): the stream is complete. */
  | { type: 'end' }
  /** An event this parser does not understand, passed along untouched for the inspector. */
  | { type: 'raw'; event: SseMessage }
