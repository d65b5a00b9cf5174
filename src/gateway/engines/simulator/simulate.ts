import type { ChatRequest, ToolDefinition } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import { chooseToolToCall, simulatedToolCallId } from './choose-tool-call'
import { readConversationFacts, type ConversationFacts } from './conversation-facts'
import { estimatePromptTokens } from './estimate-prompt-tokens'
import { composeJsonReply } from './json-reply'
import { withinExampleLimits } from './example-budget'
import { exampleFromSchema } from './json-schema-example'
import { readLengthRequest } from './length-request'
import { composeReplyText, DIALECT_LABELS } from './reply-text'
import { requestSeed } from './request-hash'
import { Sampler } from './sampler'
import { createDelayClock } from './simulated-delays'
import { simulatedFinishReason, type SimulatedEnding } from './simulated-finish-reason'
import type { PacedPart } from '../pace-parts'
import { collectSteps, type SimulatedReply, type SimulationContext } from './simulation'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { splitIntoTokenPieces, tokenPieces, wellFormed } from './token-pieces'
import { findPlace, type ValueHints } from './value-hints'

/** A normal reply aims for this many tokens, chosen by the seed. */
const NORMAL_REPLY_TOKENS = { min: 60, max: 200 } as const
/** An open-ended long reply ("write a long essay") without max_tokens stops near this length. */
export const DEFAULT_LONG_REPLY_TOKENS = 4096
/**
 * The simulated model's own output limit, like a real model's. It also bounds the memory of one
 * reply (one part per token). max_tokens above it ends the reply here, with finish `length`.
 */
const SIMULATOR_MAX_OUTPUT_TOKENS = 131_072

/**
 * The whole reply to a request, as stream parts with their pacing. Pure and deterministic: the same
 * request (streaming or not) always gives the same parts; see request-hash.ts for what counts.
 */
export function simulate(request: ChatRequest, context: SimulationContext): SimulatedReply {
  return collectSteps(simulationSteps(request, context))
}

/**
 * simulate's parts with their waits, made as they are read: what can fail (an example the limits
 * refuse) and what the first parts need (the seed, the prompt's size) is worked out at the call, so a
 * problem is still an HTTP error before the first byte; a prose reply's text is composed and
 * tokenized window by window while it streams. A send into a long chat then gets its first token
 * before its 6,000-token reply is written (that was ~20–30 ms of the gateway thread per pane).
 */
export function simulationSteps(request: ChatRequest, context: SimulationContext): Iterable<PacedPart> {
  const seed = requestSeed(request)
  const sampler = new Sampler(seed, { greedy: request.temperature === 0 })
  const facts = readConversationFacts(request)
  const inputTokens = estimatePromptTokens(request)
  // A reply never outgrows max_tokens, the room left in the context, or the model's own limit.
  const outputCap = Math.max(
    0,
    Math.min(
      request.maxTokens ?? Infinity,
      context.model.contextLength - inputTokens,
      SIMULATOR_MAX_OUTPUT_TOKENS,
    ),
  )
  const hints: ValueHints = {
    userText: facts.lastUserText.slice(0, 2_000).replace(/\s+/g, ' ').trim(),
    place: findPlace(facts.lastUserText.slice(0, 2_000)),
    sentence: `This is a simulated reply from ${context.model.name} through the ${DIALECT_LABELS[context.dialect]} dialect of the local gateway.`,
  }
  const tool = chooseToolToCall(request, facts)
  const content =
    tool === undefined
      ? textContent(request, context, facts, sampler, hints, outputCap)
      : toolCallContent(tool, request.tools?.indexOf(tool) ?? -1, context, sampler, hints, outputCap)
  return withPacing(context, inputTokens, content)
}

function* withPacing(
  context: SimulationContext,
  inputTokens: number,
  content: Content,
): Generator<PacedPart, void, undefined> {
  const delayOf = createDelayClock(context.pacing)
  const step = (part: StreamPart, carried?: number): PacedPart => ({ part, delayMs: delayOf(carried) })
  // The prompt size is known before the first token, as on real servers: Messages puts it in
  // message_start, so the usage part goes first and the final one only adds the output count.
  yield step({ type: 'start', model: context.model.name })
  yield step({ type: 'usage', usage: { inputTokens, outputTokens: 0 } })
  const parts = content[Symbol.iterator]()
  let next = parts.next()
  for (; !next.done; next = parts.next()) yield step(next.value[0], next.value[1])
  const { outputTokens, ending } = next.value
  yield step({ type: 'usage', usage: { inputTokens, outputTokens } })
  yield step({ type: 'finish', reason: simulatedFinishReason(ending, context.dialect) })
  yield step({ type: 'end' })
}

/** Each content part with the output tokens it carries; then how many there were, and why they ended. */
type Content = Iterable<[StreamPart, number | undefined], ContentEnd, undefined>
type ContentEnd = { outputTokens: number; ending: SimulatedEnding }

function textContent(
  request: ChatRequest,
  context: SimulationContext,
  facts: ConversationFacts,
  sampler: Sampler,
  hints: ValueHints,
  outputCap: number,
): Content {
  const stop = request.stop ?? []
  const json = composeJsonReply(request.responseFormat, context, facts, sampler, hints)
  if (json !== undefined) return textDeltas([json], stop, outputCap)
  const lengths = replyLength(facts, request, sampler, outputCap)
  return textDeltas(composeReplyText({ request, context, facts, sampler, ...lengths }), stop, outputCap)
}

/**
 * The text as deltas of one token each, cut at the earliest stop sequence (the real APIs leave it out)
 * and at `outputCap` tokens. Chunk boundaries are where a block meets the blank line after it, so
 * making each chunk well-formed makes the whole text well-formed.
 *
 * With stop sequences the text is composed whole first and searched once, as before: a search as it
 * streams would look again at the tail it holds back for each chunk, and a request may carry 1,024
 * sequences of any length (one very long one makes that tail long); once costs what it always did.
 */
function* textDeltas(
  chunks: Iterable<string>,
  stop: readonly string[],
  outputCap: number,
): Generator<[StreamPart, number], ContentEnd, undefined> {
  let text: Iterable<string> = wellFormedChunks(chunks)
  let ending: SimulatedEnding = { kind: 'natural' }
  if (stop.some((sequence) => sequence !== '')) {
    const whole = [...text].join('')
    const found = earliestStopSequence(whole, stop)
    text = [found === undefined ? whole : whole.slice(0, found.index)]
    if (found !== undefined) ending = { kind: 'stop-sequence', sequence: found.sequence }
  }
  let outputTokens = 0
  for (const piece of tokenPieces(text)) {
    if (outputTokens === outputCap) return { outputTokens, ending: { kind: 'max-tokens' } }
    outputTokens++
    yield [{ type: 'text-delta', text: piece }, 1]
  }
  return { outputTokens, ending }
}

function* wellFormedChunks(chunks: Iterable<string>): Generator<string, void, undefined> {
  for (const chunk of chunks) yield wellFormed(chunk)
}

function replyLength(
  facts: ConversationFacts,
  request: ChatRequest,
  sampler: Sampler,
  outputCap: number,
): { targetTokens: number; long: boolean } {
  // Drawn first and always, so the rest of the text does not shift with the kind of request.
  const normal = sampler.int(NORMAL_REPLY_TOKENS.min, NORMAL_REPLY_TOKENS.max)
  const asked = readLengthRequest(facts.lastUserText)
  switch (asked.kind) {
    case 'normal':
      return { targetTokens: normal, long: false }
    case 'tokens':
      return { targetTokens: Math.min(asked.tokens, SIMULATOR_MAX_OUTPUT_TOKENS), long: asked.tokens > 400 }
    case 'open-ended':
      // Runs into max_tokens (or the room left) when there is one: finish `length`, as with a real
      // model asked for an essay. The margin covers the composer's block-by-block estimate. Without
      // max_tokens it ends on its own near the default.
      return {
        targetTokens:
          request.maxTokens === undefined
            ? DEFAULT_LONG_REPLY_TOKENS
            : outputCap + Math.max(64, Math.ceil(outputCap / 20)),
        long: true,
      }
    default: {
      const unreachable: never = asked
      throw new Error(`unknown length request ${JSON.stringify(unreachable)}`)
    }
  }
}

/** The first place any stop sequence occurs (the earliest wins; at a tie, the one listed first). */
function earliestStopSequence(
  text: string,
  sequences: readonly string[],
): { index: number; sequence: string } | undefined {
  let best: { index: number; sequence: string } | undefined
  for (const sequence of sequences) {
    if (sequence === '') continue
    const index = text.indexOf(sequence)
    if (index !== -1 && (best === undefined || index < best.index)) best = { index, sequence }
  }
  return best
}

/** How many fragments tool arguments stream in: a few, as real servers send. */
const ARGUMENT_FRAGMENTS = { min: 2, max: 5 } as const

function toolCallContent(
  tool: ToolDefinition,
  /** Its place in request.tools (-1 for a forced name the request does not declare). */
  toolIndex: number,
  context: SimulationContext,
  sampler: Sampler,
  hints: ValueHints,
  outputCap: number,
): Content {
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
