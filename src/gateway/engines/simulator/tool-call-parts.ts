import type { ToolDefinition } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { simulatedToolCallId } from './choose-tool-call'
import type { SimulatedEnding } from './finish-reason'
import type { Sampler } from './sampler'
import { withinExampleLimits } from './schema-example/example-budget'
import { exampleFromSchema } from './schema-example/json-schema-example'
import type { ValueHints } from './schema-example/value-hints'
import type { ContentEnd, ReplyContent, SimulationContext } from './simulation-types'
import { splitIntoTokenPieces } from './token-pieces'

/** How many fragments tool arguments stream in: a few, as real servers send. */
const ARGUMENT_FRAGMENTS = { min: 2, max: 5 } as const

/** A tool call as parts: its header, its arguments (made from the schema) in a few fragments, its end. */
export function toolCallContent(
  tool: ToolDefinition,
  /** Its place in request.tools (-1 for a forced name the request does not declare). */
  toolIndex: number,
  context: SimulationContext,
  sampler: Sampler,
  hints: ValueHints,
  outputCap: number,
): ReplyContent {
  const id = simulatedToolCallId(context.dialect, sampler)
  const value = withinExampleLimits(
    () => exampleFromSchema(tool.parameters, sampler, hints),
    context.dialect,
    { kind: 'tool', index: Math.max(0, toolIndex) },
  )
  // Both dialects need an object: Anthropic's tool_use.input is one, and so are OpenAI arguments.
  const argumentsJson = JSON.stringify(isPlainObject(value) ? value : {})
  const nameTokens = countTextTokens(tool.name)
  let pieces = splitIntoTokenPieces(argumentsJson)
  let ending: SimulatedEnding = { kind: 'tool-call' }
  const room = Math.max(0, outputCap - nameTokens)
  if (nameTokens > outputCap || pieces.length > room) {
    // max_tokens cuts a call like any output: the arguments stop mid-JSON, finish `length`.
    pieces = pieces.slice(0, room)
    ending = { kind: 'max-tokens' }
  }

  const parts: Array<[StreamPart, number | undefined]> = [
    [{ type: 'tool-call-start', index: 0, id, name: tool.name }, nameTokens],
  ]
  const fragments = Math.min(
    pieces.length,
    sampler.greedy ? 3 : sampler.int(ARGUMENT_FRAGMENTS.min, ARGUMENT_FRAGMENTS.max),
  )
  for (let f = 0, from = 0; f < fragments; f++) {
    const to = Math.round(((f + 1) * pieces.length) / fragments)
    parts.push([
      { type: 'tool-call-delta', index: 0, argumentsDelta: pieces.slice(from, to).join('') },
      to - from,
    ])
    from = to
  }
  parts.push([{ type: 'tool-call-end', index: 0 }, undefined])
  return contentOf(parts, { outputTokens: Math.min(outputCap, nameTokens + pieces.length), ending })
}

function* contentOf(
  parts: ReadonlyArray<[StreamPart, number | undefined]>,
  end: ContentEnd,
): Generator<[StreamPart, number | undefined], ContentEnd, undefined> {
  yield* parts
  return end
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
