import type { DialectId } from '@shared/chat/chat-request'
import type { ChatParams, CompareMode, SettingKey } from '@shared/history/conversation'
import { focusedPaneOf } from '@shared/history/find-pane'
import { applyParams, applySystem, setLinked } from '@shared/history/pane-settings'
import type { Slice } from '@renderer/store/slice'
import { addComparePane, removeComparePane, switchCompareMode } from '@renderer/features/compare/compare-mode'
import { selectCatalogModels } from '@renderer/features/chat/chat-selectors'
import { touch } from './touch-conversation'

/** What the conversation is sent with: title, variables, system prompt, parameters, panes' targets. */
export type SettingActions = {
  setTitle(title: string): void
  /** A value of a `{{variable}}`; the first one turns filling on for this conversation. */
  setTemplateValue(name: string, value: string): void
  /** The system prompt of `paneId` (default: the focused pane): every pane's while it is linked. */
  setSystem(system: string, paneId?: string): void
  /** Parameters as edited in the focused pane: linked ones for every pane, unlinked ones for it alone. */
  setParams(patch: Partial<ChatParams>): void
  /** Link a setting across the panes (the focused pane's value for all) or give each pane its own. */
  setLinked(key: SettingKey, linked: boolean): void
  setPaneTarget(paneId: string, patch: { dialect?: DialectId; model?: string }): void
  focusPane(paneId: string): void
  /**
   * Side by side: `dialects` shows the focused pane beside the same model through the other dialect,
   * `models` beside another model in the same dialect; `off` the focused pane alone. The pane a mode
   * hides is set aside with its replies and comes back with that mode (see switchCompareMode); saves.
   */
  setCompareMode(mode: CompareMode): void
  /** Compare: one more pane (up to four), a copy of the focused one to change; saves. */
  addPane(): void
  /** Compare with three or four panes: one goes, with its replies; saves. */
  removePane(paneId: string): void
}

export const createSettingActions: Slice<SettingActions> = (set, get) => ({
  setTemplateValue(name, value) {
    set((state) => ({
      conversation: touch({
        ...state.conversation,
        variables: { ...state.conversation.variables, [name]: value },
      }),
    }))
  },
  setTitle(title) {
    set((state) => ({ conversation: touch({ ...state.conversation, title }) }))
  },
  setSystem(system, paneId) {
    set((state) => ({
      conversation: applySystem(state.conversation, paneId ?? state.focusedPaneId, system),
    }))
  },
  setParams(patch) {
    set((state) => ({ conversation: applyParams(state.conversation, state.focusedPaneId, patch) }))
  },
  setLinked(key, linked) {
    set((state) => ({ conversation: setLinked(state.conversation, key, linked, state.focusedPaneId) }))
    void get().saveConversation()
  },
  setPaneTarget(paneId, patch) {
    get().updatePane(paneId, (pane) => ({ ...pane, ...patch }))
  },
  focusPane(paneId) {
    set({ focusedPaneId: paneId })
  },
  setCompareMode(mode) {
    const { conversation, focusedPaneId } = get()
    const focused = focusedPaneOf(conversation, focusedPaneId)
    if (!focused) return
    const models = selectCatalogModels(get())
    const otherModel = models.find((m) => m.model !== focused.model)?.model ?? focused.model
    const next = switchCompareMode(conversation, focused.id, mode, otherModel)
    if (next === conversation) return
    set({ conversation: touch(next), focusedPaneId: focused.id })
    // The pane set aside is kept on disk now, not only at the next send.
    void get().saveConversation()
  },
  addPane() {
    const { conversation, focusedPaneId } = get()
    const next = addComparePane(conversation, focusedPaneId)
    if (next === conversation) return
    set({ conversation: touch(next), focusedPaneId: next.panes.at(-1)?.id ?? focusedPaneId })
    void get().saveConversation()
  },
  removePane(paneId) {
    const { conversation, focusedPaneId } = get()
    const next = removeComparePane(conversation, paneId)
    if (next === conversation) return
    const focused = focusedPaneId === paneId ? (next.panes[0]?.id ?? '') : focusedPaneId
    set({ conversation: touch(next), focusedPaneId: focused })
    void get().saveConversation()
  },
})
