import type { DialectId } from '@shared/chat/chat-request'
import type { ChatParams, Conversation } from '@shared/history/conversation'

const DEFAULT_MAX_TOKENS = 1024

export function newPaneId(): string {
  return 'pane-' + crypto.randomUUID().slice(0, 8)
}

/**
 * An empty conversation on one pane; saved only once it has a message. `setup` carries the system
 * prompt and parameters over from the conversation before (a new conversation is a new transcript,
 * not a reset of what the user tuned).
 */
export function newConversation(
  target: { dialect: DialectId; model: string },
  setup?: { system: string; params: ChatParams },
): Conversation {
  const now = Date.now()
  return {
    version: 1,
    id: crypto.randomUUID(),
    title: 'New conversation',
    createdAt: now,
    updatedAt: now,
    system: setup?.system ?? '',
    params: setup ? structuredClone(setup.params) : { stop: [], stream: true, maxTokens: DEFAULT_MAX_TOKENS },
    panes: [{ id: newPaneId(), dialect: target.dialect, model: target.model, messages: [] }],
  }
}
