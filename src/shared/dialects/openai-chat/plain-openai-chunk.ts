import { isJsonObject } from '../json-object'
import type { OpenaiChunkRead } from './openai-read-schemas'

const isText = (value: unknown): boolean => value === undefined || value === null || typeof value === 'string'
// Finite only: the schema's z.number() refuses NaN and ±Infinity (JSON has neither, but a parsed
// value handed in by other code might).
const isCount = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value))

/** The text fields of a delta, as openaiChunkReadSchema keeps them. */
const DELTA_TEXTS = ['content', 'refusal', 'reasoning_content', 'reasoning'] as const

/**
 * A `chat.completion.chunk` as openaiChunkReadSchema would read it, when it is the plainest kind —
 * text deltas and finish reasons, every field of the type the schema expects, no tool calls, reasoning
 * details, usage or error — else undefined, and the caller reads it with the schema (whose leniency, a field of the
 * wrong type ignored, then applies). Most chunks of a reply are this kind, and the schema's parse of
 * each was the largest piece of a proxied stream's own work in bench:gateway's profile (performance.md
 * G1). plain-openai-chunk.test.ts pins its result to the schema's for every chunk it takes.
 */
export function plainOpenaiChunk(json: Record<string, unknown>): OpenaiChunkRead | undefined {
  const { id, model, choices } = json
  if (!isText(id) || !isText(model)) return undefined
  if (json['usage'] != null || json['error'] != null) return undefined
  const chunk: OpenaiChunkRead = {}
  if (id !== undefined) chunk.id = id as string | null
  if (model !== undefined) chunk.model = model as string | null
  if (choices === undefined || choices === null) {
    if (choices === null) chunk.choices = null
    return chunk
  }
  if (!Array.isArray(choices)) return undefined
  const read: NonNullable<OpenaiChunkRead['choices']> = []
  for (const choice of choices as unknown[]) {
    if (!isJsonObject(choice)) return undefined
    const { index, delta, finish_reason: finishReason } = choice
    if (!isCount(index) || !isText(finishReason)) return undefined
    const out: (typeof read)[number] = {}
    if (index !== undefined) out.index = index as number | null
    if (finishReason !== undefined) out.finish_reason = finishReason as string | null
    if (delta !== undefined && delta !== null) {
      if (!isJsonObject(delta) || delta['tool_calls'] != null || delta['reasoning_details'] != null)
        return undefined
      const texts: NonNullable<(typeof out)['delta']> = {}
      for (const field of DELTA_TEXTS) {
        const value = delta[field]
        if (!isText(value)) return undefined
        if (value !== undefined) texts[field] = value as string | null
      }
      out.delta = texts
    } else if (delta === null) {
      out.delta = null
    }
    read.push(out)
  }
  chunk.choices = read
  return chunk
}
