import type { DialectId } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import type { PacedPart } from '../pace-parts'
import type { SimulatedEnding } from './finish-reason'
import type { ThinkingSeal } from './thinking-parts'

/** The prompt cache's part of a request's input tokens (prompt-cache.ts); writes only in Messages. */
export type PromptCacheUsage = { readTokens: number; writeTokens?: number }

/**
 * What the simulator needs to know beyond the request: who it pretends to be, how fast, and what the
 * gateway's state adds (the prompt cache's hits and writes, the key thinking is signed with; without
 * them nothing is cached and a key of this process signs).
 */
export type SimulationContext = {
  dialect: DialectId
  model: { name: string; contextLength: number; vision: boolean }
  pacing: { ttftMs: number; tokensPerSecond: number }
  promptCache?: PromptCacheUsage
  seal?: ThinkingSeal
}

/**
 * A reply as the gateway runs it: its steps, made as they are read (the streaming loop batches parts
 * whose waits have passed); a non-streaming reply is `reduceStreamParts` of all the parts.
 */
export type Simulation = {
  steps: Iterable<PacedPart>
  /**
   * Fault injection (`x-simulate: drop-after=n`): write the parts up to the n-th content part and then
   * destroy the socket without any terminal event, as a dropped connection would.
   */
  dropAfterPart?: number
}

/** A whole reply at once: its parts, and the wait before each (same length). */
export type SimulatedReply = { parts: StreamPart[]; delaysMs: number[] }

/**
 * A reply's content (text deltas or a tool call), each part with the output tokens it carries; then
 * how many there were, and why they ended.
 */
export type ReplyContent = Iterable<[StreamPart, number | undefined], ContentEnd, undefined>
export type ContentEnd = { outputTokens: number; ending: SimulatedEnding }
