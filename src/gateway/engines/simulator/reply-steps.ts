import type { ChatRequest } from '@shared/chat/chat-request'
import type { Usage } from '@shared/chat/chat-result'
import type { StreamPart } from '@shared/chat/stream-part'
import type { PacedPart } from '../pace-parts'
import { chooseToolToCall } from './choose-tool-call'
import { readConversationFacts } from './conversation-facts'
import { createDelayClock } from './delay-clock'
import { estimatePromptTokens } from './estimate-prompt-tokens'
import { simulatedFinishReason } from './finish-reason'
import { DIALECT_LABELS } from './prose-reply'
import { SIMULATOR_MAX_OUTPUT_TOKENS } from './reply-length'
import { requestSeed } from './request-hash'
import { Sampler } from './sampler'
import { findPlace, type ValueHints } from './schema-example/value-hints'
import type { ReplyContent, SimulatedReply, SimulationContext } from './simulation-types'
import { textContent } from './text-parts'
import { planThinking, thinkingParts, type ThinkingPlan } from './thinking-parts'
import { createThinkingSigner } from './thinking-signer'
import { toolCallContent } from './tool-call-parts'

/** Signs thinking when the caller brings no key of its own (a simulation outside a gateway). */
const processSeal = createThinkingSigner()

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
 * tokenized window by window while it streams, so a send into a long chat gets its first token before
 * its long reply is written (performance.md G1).
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
  const thinking = planThinking(request, facts, seed, outputCap)
  // Thinking counts toward max_tokens: the answer has what it leaves.
  const answerCap = outputCap - (thinking?.pieces.length ?? 0)
  const hints: ValueHints = {
    userText: facts.lastUserText.slice(0, 2_000).replace(/\s+/g, ' ').trim(),
    place: findPlace(facts.lastUserText.slice(0, 2_000)),
    sentence: `This is a simulated reply from ${context.model.name} through the ${DIALECT_LABELS[context.dialect]} dialect of the local gateway.`,
  }
  const tool = chooseToolToCall(request, facts)
  const content =
    tool === undefined
      ? textContent(request, context, facts, sampler, hints, answerCap)
      : toolCallContent(tool, request.tools?.indexOf(tool) ?? -1, context, sampler, hints, answerCap)
  return withPacing(context, inputTokens, thinking, content)
}

/**
 * The parts in order: start, the prompt's usage, the thinking (when asked for), the content, the
 * final usage, finish, end; each with its wait.
 */
function* withPacing(
  context: SimulationContext,
  inputTokens: number,
  thinking: ThinkingPlan | undefined,
  content: ReplyContent,
): Generator<PacedPart, void, undefined> {
  const delayOf = createDelayClock(context.pacing)
  const step = (part: StreamPart, carried?: number): PacedPart => ({ part, delayMs: delayOf(carried) })
  // The prompt size is known before the first token, as on real servers: Messages puts it in
  // message_start, so the usage part goes first and the final one only adds the output count.
  const promptUsage = promptUsageOf(inputTokens, context)
  yield step({ type: 'start', model: context.model.name })
  yield step({ type: 'usage', usage: { ...promptUsage } })
  const reasoningTokens = thinking?.pieces.length ?? 0
  if (thinking !== undefined) {
    for (const [part, carried] of thinkingParts(thinking, context.seal ?? processSeal))
      yield step(part, carried)
  }
  const parts = content[Symbol.iterator]()
  let next = parts.next()
  for (; !next.done; next = parts.next()) yield step(next.value[0], next.value[1])
  const { outputTokens, ending } = next.value
  const usage: Usage = { ...promptUsage, outputTokens: reasoningTokens + outputTokens }
  if (thinking !== undefined) usage.reasoningTokens = reasoningTokens
  yield step({ type: 'usage', usage })
  yield step({ type: 'finish', reason: simulatedFinishReason(ending, context.dialect) })
  yield step({ type: 'end' })
}

/** The prompt's usage: its tokens, and what the prompt cache read and wrote of them. */
function promptUsageOf(inputTokens: number, context: SimulationContext): Usage {
  const usage: Usage = { inputTokens, outputTokens: 0 }
  const cache = context.promptCache
  if (cache === undefined) return usage
  usage.cacheReadTokens = cache.readTokens
  if (cache.writeTokens !== undefined) usage.cacheWriteTokens = cache.writeTokens
  return usage
}

/** A whole reply at once: its parts, and the wait before each. */
export function collectSteps(steps: Iterable<PacedPart>): SimulatedReply {
  const parts: StreamPart[] = []
  const delaysMs: number[] = []
  for (const { part, delayMs } of steps) {
    parts.push(part)
    delaysMs.push(delayMs)
  }
  return { parts, delaysMs }
}
