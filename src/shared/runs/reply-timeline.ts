import type { DialectId } from '../chat/chat-request'
import type { StreamPart } from '../chat/stream-part'
import { dialects } from '../dialects'
import type { RawSseEvent } from './run-types'

/** A pause this long between two pieces of a reply is a stall (the token timeline marks it). */
export const STALL_MS = 250

export type TimelinePhase = 'reasoning' | 'text' | 'tool'

/** One raw event that carried part of the reply. */
type TimelineEvent = {
  /** Its position in the inspector's raw events (0-based). */
  index: number
  /** ms since the request was sent, as the inspector shows it. */
  atMs: number
  phase: TimelinePhase
  /** Characters of reply it carried (reasoning, text or tool-call name and arguments). */
  chars: number
  /** Output tokens so far, this event's included (see replyTimeline). */
  tokens: number
}

export type ReplyTimeline = {
  events: TimelineEvent[]
  /** When the first piece of the reply arrived. */
  ttftMs?: number
  /** The last raw event (the end marker, usage…), or 0 for none. */
  endMs: number
  /** Pauses of at least STALL_MS between two pieces of the reply. */
  stalls: Array<{ fromMs: number; toMs: number }>
  /** Runs of one kind of output in arrival order: thinking, then text, perhaps a tool call. */
  phases: Array<{ phase: TimelinePhase; fromMs: number; toMs: number; tokens: number }>
  tokens: number
}

type Piece = { index: number; atMs: number; phase: TimelinePhase; chars: number }

function pieceOf(parts: readonly StreamPart[]): { phase: TimelinePhase; chars: number } | undefined {
  let phase: TimelinePhase | undefined
  let chars = 0
  for (const part of parts) {
    if (part.type === 'text-delta' && part.text.length > 0)
      [phase, chars] = ['text', chars + part.text.length]
    else if (part.type === 'reasoning-delta' && part.text.length > 0)
      [phase, chars] = ['reasoning', chars + part.text.length]
    else if (part.type === 'tool-call-start') [phase, chars] = ['tool', chars + part.name.length]
    else if (part.type === 'tool-call-delta') [phase, chars] = ['tool', chars + part.argumentsDelta.length]
  }
  return phase === undefined ? undefined : { phase, chars }
}

/**
 * Reads a reply's raw events as they come (the inspector's list only grows), so a streaming reply is
 * never parsed twice: `push` the events not yet seen, then ask for the timeline.
 */
export function createTimelineBuilder(dialect: DialectId): {
  /** How many raw events were pushed so far. */
  readonly seen: number
  push(events: readonly RawSseEvent[]): void
  timeline(outputTokens: number | undefined): ReplyTimeline
} {
  const parser = dialects[dialect].parseStream()
  const pieces: Piece[] = []
  let seen = 0
  let endMs = 0
  return {
    get seen() {
      return seen
    },
    push(events) {
      for (const event of events) {
        const message =
          event.event === undefined ? { data: event.data } : { event: event.event, data: event.data }
        const piece = pieceOf(parser.push(message))
        if (piece !== undefined) pieces.push({ index: seen, atMs: event.atMs, ...piece })
        endMs = event.atMs
        seen++
      }
    },
    timeline: (outputTokens) => assemble(pieces, endMs, outputTokens),
  }
}

/**
 * The timeline of tokens in a reply: when each piece arrived and how many output tokens had come by
 * then. Streams do not say how many tokens each event holds, so the reply's output tokens (usage, or
 * main's tokenizer count; a quarter of the characters when neither is known) are spread over the
 * events by their characters: the last event reaches the reply's count exactly.
 */
export function replyTimeline(
  dialect: DialectId,
  events: readonly RawSseEvent[],
  outputTokens?: number,
): ReplyTimeline {
  const builder = createTimelineBuilder(dialect)
  builder.push(events)
  return builder.timeline(outputTokens)
}

function assemble(pieces: readonly Piece[], endMs: number, outputTokens: number | undefined): ReplyTimeline {
  const chars = pieces.reduce((sum, piece) => sum + piece.chars, 0)
  const tokens = outputTokens ?? Math.ceil(chars / 4)
  let sum = 0
  const events = pieces.map((piece) => {
    sum += piece.chars
    return { ...piece, tokens: chars === 0 ? 0 : Math.round((tokens * sum) / chars) }
  })
  const timeline: ReplyTimeline = { events, endMs, stalls: [], phases: [], tokens }
  const first = events[0]
  if (first !== undefined) timeline.ttftMs = first.atMs
  let before = 0
  for (const [i, event] of events.entries()) {
    const previous = events[i - 1]
    if (previous !== undefined && event.atMs - previous.atMs >= STALL_MS)
      timeline.stalls.push({ fromMs: previous.atMs, toMs: event.atMs })
    const phase = timeline.phases.at(-1)
    if (phase?.phase === event.phase) {
      phase.toMs = event.atMs
      phase.tokens += event.tokens - before
    } else
      timeline.phases.push({
        phase: event.phase,
        fromMs: previous?.atMs ?? event.atMs,
        toMs: event.atMs,
        tokens: event.tokens - before,
      })
    before = event.tokens
  }
  return timeline
}
