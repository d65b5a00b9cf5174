import type { ChatMessage, ChatRequest } from '@shared/chat/chat-request'
import { countMessageTokens, countPromptTokens } from '@shared/tokens/count-prompt-tokens'

/**
 * The protocol between the composer's context meter and the worker that counts prompts (o200k, as the
 * local gateway counts: src/shared/tokens/count-prompt-tokens.ts), so that typing never waits for a
 * tokenizer (performance.md R4): the first count of a long conversation takes a tokenizer pass over
 * all of it.
 *
 * Each message carries only what changed since the last one: a pane's request without the draft
 * (`base`) when the conversation or its settings changed, the draft turn when it changed. The worker
 * keeps both and answers with every pane's total. A draft's count is the base's plus that one turn
 * (a prompt's count is a sum over its parts), so a keystroke costs the draft's own tokens. (The one
 * thing a new user turn changes in what comes before it: thinking sent back in a tool loop stops
 * counting, the loop being over; each base is counted both ways.)
 */
export type PromptCountRequest = {
  seq: number
  /** Every pane, in order; `base` only when its request changed (a pane absent here is forgotten). */
  panes: Array<{ key: string; base?: ChatRequest }>
  /** The draft as the next user turn (`null`: no draft); absent when unchanged. */
  draft?: ChatMessage | null
}

export type PromptCountAnswer = { seq: number; panes: Array<{ key: string; tokens: number }> }

type CountText = (text: string) => number

const NEXT_TURN: ChatMessage = { role: 'user', content: [] }

/** A base's tokens alone, and before a draft (its tool loop, if any, then over). */
function countBase(base: ChatRequest, countText: CountText): { alone: number; beforeDraft: number } {
  const followed = countPromptTokens({ ...base, messages: [...base.messages, NEXT_TURN] }, countText)
  return {
    alone: countPromptTokens(base, countText),
    beforeDraft: followed - countMessageTokens(NEXT_TURN, countText),
  }
}

/** The worker's side: keeps each pane's base count and the draft's, answers each request. */
export function createPromptCounter(countText: CountText) {
  const bases = new Map<string, { alone: number; beforeDraft: number }>()
  let hasDraft = false
  let draftTokens = 0
  return {
    answer(message: unknown): PromptCountAnswer | undefined {
      if (!isRequest(message)) return undefined
      if (message.draft !== undefined) {
        hasDraft = message.draft !== null
        draftTokens = message.draft === null ? 0 : countMessageTokens(message.draft, countText)
      }
      const keys = new Set<string>()
      for (const pane of message.panes) {
        keys.add(pane.key)
        if (pane.base !== undefined) bases.set(pane.key, countBase(pane.base, countText))
      }
      for (const key of bases.keys()) if (!keys.has(key)) bases.delete(key)
      const panes: PromptCountAnswer['panes'] = []
      for (const key of keys) {
        const base = bases.get(key)
        if (base !== undefined)
          panes.push({ key, tokens: hasDraft ? base.beforeDraft + draftTokens : base.alone })
      }
      return { seq: message.seq, panes }
    },
  }
}

function isRequest(message: unknown): message is PromptCountRequest {
  if (typeof message !== 'object' || message === null) return false
  const { seq, panes } = message as Partial<PromptCountRequest>
  return typeof seq === 'number' && Array.isArray(panes)
}
