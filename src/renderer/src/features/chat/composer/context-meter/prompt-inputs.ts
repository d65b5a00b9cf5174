import type { ChatMessage, ChatRequest, ImagePart, UserMessage } from '@shared/chat/chat-request'
import type { Conversation, Pane } from '@shared/history/conversation'
import {
  draftIsEmpty,
  draftToUserContent,
  paneRequest,
  type ComposerDraft,
} from '@shared/history/pane-request'
import { fillRequest } from '@shared/templates/template'

// An image costs the same whatever its data (count-prompt-tokens.ts): the counter need not get it.
const IMAGE: ImagePart = { type: 'image', source: { kind: 'url', url: '' } }

function withoutImageData(message: ChatMessage): ChatMessage {
  if (message.role !== 'user' || !message.content.some((part) => part.type === 'image')) return message
  return { ...message, content: message.content.map((part) => (part.type === 'image' ? IMAGE : part)) }
}

/**
 * A pane's request without the draft, as the counter needs it (images without their data). A
 * `{{variable}}` without a value (the composer refuses to send then) is counted as written.
 */
function baseRequest(conversation: Conversation, pane: Pane): ChatRequest {
  let request: ChatRequest
  try {
    request = paneRequest(conversation, pane)
  } catch {
    request = paneRequest({ ...conversation, variables: undefined }, pane)
  }
  return { ...request, messages: request.messages.map(withoutImageData) }
}

/** The draft as the next user turn (filled like a send fills it), or null when there is none. */
export function draftTurn(draft: ComposerDraft, variables: Conversation['variables']): ChatMessage | null {
  if (draftIsEmpty(draft)) return null
  const turn: UserMessage = { role: 'user', content: draftToUserContent(draft) }
  let filled: ChatMessage = turn
  if (variables !== undefined) {
    try {
      filled = fillRequest({ messages: [turn] }, variables, { allowUnknown: true }).messages[0] ?? turn
    } catch {
      // A missing value: counted as written (the composer says what is missing).
    }
  }
  return withoutImageData(filled)
}

type BaseMemo = { pane: Pane; shared: SharedInputs; base: ChatRequest }
type SharedInputs = Pick<Conversation, 'params' | 'system' | 'unlinked' | 'variables'>

/**
 * Each pane's base request, made again only for a pane whose transcript or settings changed, so
 * the counter is sent (and clones) only what changed.
 */
export function createBaseRequests() {
  const memos = new Map<string, BaseMemo>()
  const same = (a: SharedInputs, b: SharedInputs): boolean =>
    a.params === b.params && a.system === b.system && a.unlinked === b.unlinked && a.variables === b.variables
  return (conversation: Conversation): Array<{ key: string; base: ChatRequest }> => {
    const { params, system, unlinked, variables } = conversation
    const shared: SharedInputs = { params, system, unlinked, variables }
    const out = conversation.panes.map((pane) => {
      const memo = memos.get(pane.id)
      if (memo !== undefined && memo.pane === pane && same(memo.shared, shared)) {
        return { key: pane.id, base: memo.base }
      }
      const base = baseRequest(conversation, pane)
      memos.set(pane.id, { pane, shared, base })
      return { key: pane.id, base }
    })
    for (const key of memos.keys()) if (!conversation.panes.some((pane) => pane.id === key)) memos.delete(key)
    return out
  }
}
