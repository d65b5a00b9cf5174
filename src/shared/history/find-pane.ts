import type { Conversation, Pane } from './conversation'

/** The pane with this id, if the conversation has it. */
export function findPane(conversation: Pick<Conversation, 'panes'>, paneId: string | null): Pane | undefined {
  return conversation.panes.find((pane) => pane.id === paneId)
}

/**
 * The pane the user is in: the focused one, or the first when the focus names no pane of this
 * conversation (one just opened, a pane set aside by compare mode).
 */
export function focusedPaneOf(
  conversation: Pick<Conversation, 'panes'>,
  focusedPaneId: string,
): Pane | undefined {
  return findPane(conversation, focusedPaneId) ?? conversation.panes[0]
}
