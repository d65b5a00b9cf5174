import type { DialectId } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import type { SimulateDirectives } from '@shared/runs/simulate-header'
import type { PacedPart } from '../pace-parts'
import type { Simulation } from './simulation-types'

/** A mid-stream error comes after this many content parts (fewer when the reply is shorter). */
export const MIDSTREAM_ERROR_AFTER_PARTS = 5

/**
 * The in-band error's type as each dialect's real servers write it for an overload (Messages:
 * `event: error` with `overloaded_error`; Chat Completions: `data: {"error":…}` with `server_error`).
 * `kind` travels along so a translating gateway can re-encode it.
 */
const OVERLOADED_TYPE: Record<DialectId, string> = {
  'openai-chat': 'server_error',
  'anthropic-messages': 'overloaded_error',
}

function isContent(part: StreamPart): boolean {
  return part.type === 'text-delta' || part.type === 'tool-call-delta'
}

/**
 * Applies the stream faults of `x-simulate` to a simulation's steps, as they are read:
 * - `midstream-error`: after a few content parts the rest of the reply (usage, finish, end included)
 *   is replaced by one `error` part, so the stream ends without its terminal event, as real servers do;
 * - `drop-after=n`: `dropAfterPart = n`; the gateway writes parts up to the n-th content part and then
 *   destroys the connection. Parts are left whole: a reply shorter than n parts is not dropped.
 */
export function applyStreamFaults(
  steps: Iterable<PacedPart>,
  directives: SimulateDirectives,
  dialect: DialectId,
): Simulation {
  return {
    steps: directives.midstreamError ? withMidstreamError(steps, dialect) : steps,
    ...(directives.dropAfter === undefined ? {} : { dropAfterPart: directives.dropAfter }),
  }
}

function* withMidstreamError(
  steps: Iterable<PacedPart>,
  dialect: DialectId,
): Generator<PacedPart, void, undefined> {
  // Read up to the content part the error replaces: the one after MIDSTREAM_ERROR_AFTER_PARTS, or, in
  // a shorter reply, its last one. The rest of the reply is never made.
  const held: PacedPart[] = []
  const contentIndexes: number[] = []
  for (const step of steps) {
    held.push(step)
    if (isContent(step.part)) contentIndexes.push(held.length - 1)
    if (contentIndexes.length > MIDSTREAM_ERROR_AFTER_PARTS) break
  }
  const keep = Math.min(MIDSTREAM_ERROR_AFTER_PARTS, Math.max(0, contentIndexes.length - 1))
  // The error takes the place (and the timing) of the next content part, or follows the preamble
  // (`start` and the prompt's usage) when there is no content at all.
  const errorAt =
    contentIndexes[keep] ?? held.findIndex((step) => step.part.type !== 'start' && step.part.type !== 'usage')
  yield* held.slice(0, errorAt)
  yield {
    part: {
      type: 'error',
      error: {
        type: OVERLOADED_TYPE[dialect],
        message: `Overloaded: simulated mid-stream error requested by the x-simulate header.`,
        kind: 'overloaded',
      },
    },
    delayMs: held[errorAt]?.delayMs ?? 0,
  }
}
