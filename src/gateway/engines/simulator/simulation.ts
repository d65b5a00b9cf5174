import type { DialectId } from '../../../shared/chat/chat-request'
import type { StreamPart } from '../../../shared/chat/stream-part'

/** What the simulator needs to know beyond the request: who it pretends to be, and how fast. */
export type SimulationContext = {
  dialect: DialectId
  model: { name: string; contextLength: number; vision: boolean }
  pacing: { ttftMs: number; tokensPerSecond: number }
}

/**
 * A whole reply, computed up front. The gateway waits `delaysMs[i]` before writing `parts[i]`
 * (a streaming loop batches parts whose delay is 0); a non-streaming reply is `reduceStreamParts(parts)`.
 */
export type Simulation = {
  parts: StreamPart[]
  /** Same length as `parts`: the wait, in whole milliseconds, before each part. */
  delaysMs: number[]
  /**
   * Fault injection (`x-simulate: drop-after=n`): write the parts (all of them, they are already cut to
   * this count) and then destroy the socket without any terminal event, as a dropped connection would.
   */
  dropAfterPart?: number
}
