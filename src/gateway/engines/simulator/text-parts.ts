import type { ChatRequest } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import type { ConversationFacts } from './conversation-facts'
import type { SimulatedEnding } from './finish-reason'
import { composeGradingReply } from './grading-reply'
import { composeJsonReply } from './json-reply'
import { composeReplyText } from './prose-reply'
import { replyLength } from './reply-length'
import type { Sampler } from './sampler'
import type { ValueHints } from './schema-example/value-hints'
import type { ContentEnd, ReplyContent, SimulationContext } from './simulation-types'
import { tokenPieces, wellFormed } from './token-pieces'

/**
 * A text reply (prose, JSON for the JSON response formats, or a verdict for a rubric grading request)
 * as one text delta per token.
 */
export function textContent(
  request: ChatRequest,
  context: SimulationContext,
  facts: ConversationFacts,
  sampler: Sampler,
  hints: ValueHints,
  outputCap: number,
): ReplyContent {
  const stop = request.stop ?? []
  const grading = composeGradingReply(request, facts)
  if (grading !== undefined) return textDeltas([grading], stop, outputCap)
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
 * With stop sequences the text is composed whole first and searched once: a search as it streams
 * would look again at the tail it holds back for each chunk, and a request may carry 1,024 sequences
 * of any length (one very long one makes that tail long).
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
