import type { ChatRequest, ReasoningDisplay } from '@shared/chat/chat-request'
import { EFFORT_BUDGET_TOKENS } from '@shared/chat/reasoning-budgets'
import type { StreamPart } from '@shared/chat/stream-part'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import type { ConversationFacts } from './conversation-facts'
import { briefText } from './prose-reply'
import { Sampler } from './sampler'
import { tokenPieces } from './token-pieces'

/**
 * How the simulator thinks before a reply, worked out before the first part (so the answer knows
 * what room max_tokens leaves it): the thinking as the pieces it streams in, one token each.
 */
export type ThinkingPlan = {
  pieces: string[]
  display: ReasoningDisplay
  /** The thinking comes back encrypted (`redacted_thinking`): the user asked for it in words. */
  redacted: boolean
}

/** What signs the thinking (the gateway's key; see thinking-signer.ts). */
export type ThinkingSeal = { sign(text: string): string; redact(text: string): string }

/** Asking for "redacted thinking" in the last message makes the thinking come back redacted. */
const REDACTED_WORDS = /\bredacted thinking\b/i

/**
 * Whether and how long the simulator thinks. The size follows the budget: a thinking of 1/16 to 1/8
 * of it, drawn by the seed (an effort stands for EFFORT_BUDGET_TOKENS of it; adaptive thinking for its
 * effort, medium by default), so a larger budget or effort always thinks more. Never more than the
 * budget nor than `outputCap`, which thinking shares with the answer (it counts toward max_tokens).
 */
export function planThinking(
  request: ChatRequest,
  facts: ConversationFacts,
  seed: number,
  outputCap: number,
): ThinkingPlan | undefined {
  const reasoning = request.reasoning
  if (reasoning === undefined || reasoning.type === 'off') return undefined
  let budget: number
  let display: ReasoningDisplay = 'summarized'
  switch (reasoning.type) {
    case 'budget':
      budget = reasoning.budgetTokens
      display = reasoning.display ?? display
      break
    case 'adaptive':
      budget = EFFORT_BUDGET_TOKENS[reasoning.effort ?? 'medium']
      display = reasoning.display ?? display
      break
    case 'effort':
      budget = EFFORT_BUDGET_TOKENS[reasoning.effort]
      break
    default: {
      const unreachable: never = reasoning
      throw new Error(`unknown reasoning setting ${JSON.stringify(unreachable)}`)
    }
  }
  const maxTokens = Math.min(budget, outputCap)
  if (budget === 0 || maxTokens === 0) return undefined
  // Its own generators: whether thinking is on never changes the answer's text.
  const sampler = new Sampler(seed ^ 0x7f4a7c15, { greedy: false })
  const targetTokens = Math.min(maxTokens, sampler.int(Math.ceil(budget / 16), Math.floor(budget / 8)))
  const pieces: string[] = []
  for (const piece of tokenPieces(thinkingSentences(targetTokens, facts, seed))) {
    if (pieces.length === maxTokens) break
    pieces.push(piece)
  }
  return { pieces, display, redacted: REDACTED_WORDS.test(facts.lastUserText.slice(0, 2_000)) }
}

/**
 * The thinking as parts: one reasoning delta per token (none when its display is "omitted"), then the
 * signature over the text shown; or one redacted block. Each part with the output tokens it carries
 * (a part that stands for unseen thinking carries all of it, so the answer waits as long).
 */
export function* thinkingParts(plan: ThinkingPlan, seal: ThinkingSeal): Generator<[StreamPart, number]> {
  const { pieces } = plan
  const text = pieces.join('')
  if (plan.redacted) {
    yield [{ type: 'redacted-reasoning', data: seal.redact(text) }, pieces.length]
    return
  }
  if (plan.display === 'omitted') {
    // The block carries no text, and its signature covers exactly that (empty) text.
    yield [{ type: 'reasoning-signature', signature: seal.sign('') }, pieces.length]
    return
  }
  for (const piece of pieces) yield [{ type: 'reasoning-delta', text: piece }, 1]
  yield [{ type: 'reasoning-signature', signature: seal.sign(text) }, 0]
}

const OPENINGS = [
  'The user wants an answer to this.',
  'Let me work out what is being asked.',
  'First, what exactly is the question?',
] as const

const STEPS = [
  'Break the request into its parts and take them one at a time.',
  'Check whether anything in the conversation changes the answer.',
  'A tool could help here, but the question may be answerable directly.',
  'Consider what the user most likely needs, not just what they typed.',
  'Keep the answer short and structured; a list may help.',
  'Double-check the arithmetic: 17 × 24 = 408, and 408 / 24 = 17, so that holds.',
  'Compare two ways of answering and keep the clearer one.',
  'Is there an edge case? An empty input, a very long one, a missing value.',
  'The constraints stated earlier still apply.',
  'Re-read the question once more before answering.',
  'Nothing here needs outside information.',
  'Summarize the plan: restate, answer, add one example.',
] as const

/**
 * The thinking text, sentence by sentence until about `targetTokens`: it quotes the user, says it is
 * simulated, then walks through generic steps drawn by the seed. Deterministic for a seed.
 */
function* thinkingSentences(targetTokens: number, facts: ConversationFacts, seed: number): Generator<string> {
  const sampler = new Sampler(seed ^ 0x2545f491, { greedy: false })
  const quote = briefText(facts.lastUserText)
  const head = [
    sampler.pick(OPENINGS),
    quote === '' ? 'There is no text to go on.' : `They wrote ${JSON.stringify(quote)}.`,
    'This is simulated thinking: the local gateway writes it, no model is reasoning.',
  ].join(' ')
  yield head
  let tokens = countTextTokens(head)
  for (let n = 0; tokens < targetTokens; n++) {
    const sentence = `${n % 4 === 3 ? '\n\n' : ' '}${sampler.pick(STEPS)}`
    yield sentence
    tokens += countTextTokens(sentence)
  }
}
