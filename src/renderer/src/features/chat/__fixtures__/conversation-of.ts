import type { Conversation, Pane } from '@shared/history/conversation'

/** Conversation "c" holding `panes`, with what a new conversation has for the rest; `overrides` over it. */
export function conversationOf(panes: Pane[], overrides: Partial<Conversation> = {}): Conversation {
  return {
    version: 1,
    id: 'c',
    title: 't',
    createdAt: 1,
    updatedAt: 1,
    system: '',
    params: { stop: [], stream: true },
    panes,
    ...overrides,
  }
}
