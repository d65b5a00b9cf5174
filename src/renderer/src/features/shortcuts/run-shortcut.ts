import { focusedPaneOf } from '@shared/history/find-pane'
import { useAppStore } from '@renderer/store'
import { selectCatalogModels, selectPaneBusy } from '@renderer/features/chat/chat-selectors'
import { startFreshConversation } from '@renderer/features/chat/conversation/start-fresh-conversation'
import type { ShortcutAction } from './shortcuts'

/** Does what a shortcut says (`help` is the caller's: it opens its own dialog). */
export function runShortcut(action: Exclude<ShortcutAction, 'help'>): void {
  const state = useAppStore.getState()
  switch (action) {
    case 'stop':
      // The only pane in Single, every pane when comparing: all of them send together, so all stop.
      void state.stopAll()
      return
    case 'new-conversation':
      void startFreshConversation()
      return
    case 'regenerate':
      regenerateLastReplies()
      return
    case 'pick-model':
      focusedPaneModelSelect()?.focus()
      return
    case 'next-model':
    case 'previous-model':
      stepModel(action === 'next-model' ? 1 : -1)
      return
    case 'focus-composer':
      document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.focus()
      return
    case 'toggle-workbench':
      state.setWorkbenchOpen(!state.workbenchOpen)
  }
}

/** Every pane whose transcript ends with a reply, and is not busy, asks for that reply again. */
function regenerateLastReplies(): void {
  const state = useAppStore.getState()
  for (const pane of state.conversation.panes) {
    const last = pane.messages.at(-1)
    if (last?.role === 'assistant' && !selectPaneBusy(state, pane.id)) void state.regenerate(pane.id, last.id)
  }
}

function focusedPaneModelSelect(): HTMLSelectElement | null {
  const { conversation, focusedPaneId } = useAppStore.getState()
  const index = conversation.panes.findIndex((pane) => pane.id === focusedPaneId)
  return document.querySelector<HTMLSelectElement>(
    `[aria-label="Pane ${Math.max(0, index) + 1}"] .pane-model`,
  )
}

/** The focused pane takes the next (or previous) model of the catalog, round the end. */
function stepModel(direction: 1 | -1): void {
  const state = useAppStore.getState()
  const pane = focusedPaneOf(state.conversation, state.focusedPaneId)
  const models = selectCatalogModels(state).map((record) => record.model)
  if (pane === undefined || models.length === 0 || selectPaneBusy(state, pane.id)) return
  const index = models.indexOf(pane.model)
  const next = models[(index + direction + models.length) % models.length]
  if (next !== undefined && next !== pane.model) state.setPaneTarget(pane.id, { model: next })
}
