import type { DialectId } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import type { PacedPart } from '../pace-parts'

/** What the simulator needs to know beyond the request: who it pretends to be, and how fast. */
export type SimulationContext = {
  dialect: DialectId
  model: { name: string; contextLength: number; vision: boolean }
  pacing: { ttftMs: number; tokensPerSecond: number }
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

export function collectSteps(steps: Iterable<PacedPart>): SimulatedReply {
  const parts: StreamPart[] = []
  const delaysMs: number[] = []
  for (const { part, delayMs } of steps) {
    parts.push(part)
    delaysMs.push(delayMs)
  }
  return { parts, delaysMs }
}
