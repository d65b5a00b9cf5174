import type { DialectId } from '@shared/chat/chat-request'
import { MAX_PANES, type CompareMode, type Conversation, type Pane } from '@shared/history/conversation'
import { focusedPaneOf } from '@shared/history/find-pane'
import { newPaneId } from '@renderer/features/chat/conversation/new-conversation'

export type { CompareMode }

const OTHER_DIALECT: Record<DialectId, DialectId> = {
  'openai-chat': 'anthropic-messages',
  'anthropic-messages': 'openai-chat',
}

/**
 * The compare mode a conversation is in. Files saved before the mode was kept say nothing: two panes
 * on one model through two dialects were a dialect comparison, any other pair a model comparison.
 */
export function compareModeOf(conversation: Conversation): CompareMode {
  if (conversation.compare !== undefined) return conversation.compare
  const [first, second] = conversation.panes
  if (!first || !second) return 'off'
  return first.model === second.model && first.dialect !== second.dialect ? 'dialects' : 'models'
}

/** A new second pane for `mode`: the focused pane's transcript so far, through the other dialect or model. */
function forkPane(focused: Pane, mode: Exclude<CompareMode, 'off'>, otherModel: string): Pane {
  return {
    id: newPaneId(),
    dialect: mode === 'dialects' ? OTHER_DIALECT[focused.dialect] : focused.dialect,
    model: mode === 'dialects' ? focused.model : otherModel,
    // The fork shares the history so far; replies from here on are each pane's own.
    messages: focused.messages.map((message) => structuredClone(message)),
    // Unlinked settings start as the focused pane's.
    ...(focused.settings ? { settings: structuredClone(focused.settings) } : {}),
  }
}

/**
 * The conversation shown in `mode`. The focused pane stays (first). The pane the current mode shows
 * beside it is set aside under that mode, with its own transcript; the pane set aside under `mode`
 * comes back, else a new one is forked from the focused pane. `otherModel` is the model a new
 * "models" pane takes.
 */
export function switchCompareMode(
  conversation: Conversation,
  focusedPaneId: string,
  mode: CompareMode,
  otherModel: string,
): Conversation {
  const current = compareModeOf(conversation)
  const focused = focusedPaneOf(conversation, focusedPaneId)
  // Only one pane per mode can be set aside: with more, a switch would drop replies (the control
  // asks to remove panes first).
  if (!focused || mode === current || conversation.panes.length > 2) return conversation
  const setAside = { ...conversation.setAside }
  const beside = conversation.panes.find((pane) => pane !== focused)
  if (current !== 'off' && beside) setAside[current] = beside
  let panes: Pane[] = [focused]
  if (mode !== 'off') {
    const back = setAside[mode]
    delete setAside[mode]
    panes = [focused, back ?? forkPane(focused, mode, otherModel)]
  }
  const { setAside: _dropped, ...rest } = conversation
  return {
    ...rest,
    panes,
    compare: mode,
    ...(setAside.dialects || setAside.models ? { setAside } : {}),
  }
}

/**
 * One more pane (up to MAX_PANES) beside the others: a copy of the focused one (its transcript so
 * far, its target and own settings), whose model, dialect and unlinked settings are then changed in it.
 */
export function addComparePane(conversation: Conversation, focusedPaneId: string): Conversation {
  const focused = focusedPaneOf(conversation, focusedPaneId)
  if (!focused || conversation.panes.length >= MAX_PANES || compareModeOf(conversation) === 'off') {
    return conversation
  }
  const copy: Pane = {
    ...structuredClone(focused),
    id: newPaneId(),
  }
  return { ...conversation, panes: [...conversation.panes, copy] }
}

/** Takes a pane and its replies away; two panes at least stay (Single is the compare control's). */
export function removeComparePane(conversation: Conversation, paneId: string): Conversation {
  if (conversation.panes.length <= 2) return conversation
  return { ...conversation, panes: conversation.panes.filter((pane) => pane.id !== paneId) }
}
