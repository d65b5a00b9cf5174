import type { DialectId, ImagePart } from '../../../../shared/chat/chat-request'
import type { ChatParams, Conversation, Pane, StoredMessage } from '../../../../shared/history/conversation'
import { invoke } from '../../lib/invoke'
import type { Slice } from '../../store/slice'
import { titleFromFirstUserText, UNTITLED } from './conversation-title'
import { newConversation, newPaneId } from './new-conversation'
import { isLargeText } from './large-text'
import type { ComposerDraft } from './pane-request'
import { deleteMessage, insertMessageAfter, replaceMessage, withText } from './transcript-edits'

export type CompareMode = 'off' | 'dialects' | 'models'

export type ConversationSlice = {
  conversation: Conversation
  composer: ComposerDraft
  /** The pane that model picks and per-pane actions apply to. */
  focusedPaneId: string
  compareMode: CompareMode

  startNewConversation(): void
  setTitle(title: string): void
  setSystem(system: string): void
  setParams(patch: Partial<ChatParams>): void
  setPaneTarget(paneId: string, patch: { dialect?: DialectId; model?: string }): void
  focusPane(paneId: string): void
  /**
   * Side by side: `dialects` forks the focused pane into the other dialect (same model), `models` into
   * another model (same dialect); the new pane starts with a copy of the transcript. `off` keeps the
   * focused pane.
   */
  setCompareMode(mode: CompareMode): void
  /** The textarea's text; a large value (a paste, a drop, set by code) becomes a pasted block instead. */
  setDraftText(text: string): void
  /** A large text as a collapsed block of the draft (the textarea keeps what was typed). */
  addPastedText(text: string): void
  removePastedText(index: number): void
  addDraftImages(images: ImagePart[]): void
  removeDraftImage(index: number): void
  clearDraft(): void
  /** Replace the whole conversation (opening one from history). */
  replaceConversation(conversation: Conversation): void
  /** Apply a change to one pane's transcript (the chat feature's edits go through here). */
  updatePane(paneId: string, update: (pane: Pane) => Pane): void

  /** Replace the text of a message (its images, tool calls and reply record stay); saves. */
  editMessageText(paneId: string, messageId: string, text: string): void
  deleteMessage(paneId: string, messageId: string): void
  /** A turn typed by hand (user, assistant or tool) after `afterId`; saves. */
  insertMessageAfter(paneId: string, afterId: string, message: StoredMessage): void
  /**
   * Autosave: the open conversation to history (once it has a message), named after its first user
   * text while it is still untitled. Saves run one after another, so an older state never lands last;
   * a failed save is told to the user.
   */
  saveConversation(): Promise<void>
}

let saving: Promise<void> = Promise.resolve()

const OTHER_DIALECT: Record<DialectId, DialectId> = {
  'openai-chat': 'anthropic-messages',
  'anthropic-messages': 'openai-chat',
}

export const createConversationSlice: Slice<ConversationSlice> = (set, get) => {
  const initial = newConversation({ dialect: 'openai-chat', model: '' })
  const touch = (conversation: Conversation): Conversation => ({ ...conversation, updatedAt: Date.now() })

  return {
    conversation: initial,
    composer: { text: '', images: [] },
    focusedPaneId: initial.panes[0]?.id ?? '',
    compareMode: 'off',

    startNewConversation() {
      const current = get().conversation.panes[0]
      const fresh = newConversation({
        dialect: current?.dialect ?? 'openai-chat',
        model: current?.model ?? '',
      })
      set({ conversation: fresh, focusedPaneId: fresh.panes[0]?.id ?? '', compareMode: 'off' })
    },
    setTitle(title) {
      set((state) => ({ conversation: touch({ ...state.conversation, title }) }))
    },
    setSystem(system) {
      set((state) => ({ conversation: { ...state.conversation, system } }))
    },
    setParams(patch) {
      set((state) => ({
        conversation: { ...state.conversation, params: { ...state.conversation.params, ...patch } },
      }))
    },
    setPaneTarget(paneId, patch) {
      get().updatePane(paneId, (pane) => ({ ...pane, ...patch }))
    },
    focusPane(paneId) {
      set({ focusedPaneId: paneId })
    },
    setCompareMode(mode) {
      const { conversation, focusedPaneId } = get()
      const focused = conversation.panes.find((p) => p.id === focusedPaneId) ?? conversation.panes[0]
      if (!focused) return
      if (mode === 'off') {
        set({
          conversation: { ...conversation, panes: [focused] },
          focusedPaneId: focused.id,
          compareMode: 'off',
        })
        return
      }
      const models = get().catalogs[get().activeProfileId]?.models ?? []
      const otherModel = models.find((m) => m.model !== focused.model)?.model ?? focused.model
      const second: Pane = {
        id: newPaneId(),
        dialect: mode === 'dialects' ? OTHER_DIALECT[focused.dialect] : focused.dialect,
        model: mode === 'dialects' ? focused.model : otherModel,
        // The fork shares the history so far; replies from here on are each pane's own.
        messages: focused.messages.map((message) => structuredClone(message)),
      }
      set({
        conversation: { ...conversation, panes: [focused, second] },
        focusedPaneId: focused.id,
        compareMode: mode,
      })
    },
    setDraftText(text) {
      if (isLargeText(text)) {
        // Which part of the new value was pasted is unknown here: all of it becomes the block.
        set((state) => ({
          composer: { ...state.composer, text: '', pasted: [...(state.composer.pasted ?? []), text] },
        }))
        return
      }
      set((state) => ({ composer: { ...state.composer, text } }))
    },
    addPastedText(text) {
      set((state) => ({ composer: { ...state.composer, pasted: [...(state.composer.pasted ?? []), text] } }))
    },
    removePastedText(index) {
      set((state) => ({
        composer: { ...state.composer, pasted: (state.composer.pasted ?? []).filter((_, i) => i !== index) },
      }))
    },
    addDraftImages(images) {
      set((state) => ({ composer: { ...state.composer, images: [...state.composer.images, ...images] } }))
    },
    removeDraftImage(index) {
      set((state) => ({
        composer: { ...state.composer, images: state.composer.images.filter((_, i) => i !== index) },
      }))
    },
    clearDraft() {
      set({ composer: { text: '', images: [] } })
    },
    replaceConversation(conversation) {
      set({
        conversation,
        focusedPaneId: conversation.panes[0]?.id ?? '',
        compareMode: conversation.panes.length === 2 ? 'models' : 'off',
      })
    },
    updatePane(paneId, update) {
      set((state) => ({
        conversation: touch({
          ...state.conversation,
          panes: state.conversation.panes.map((pane) => (pane.id === paneId ? update(pane) : pane)),
        }),
      }))
    },
    editMessageText(paneId, messageId, text) {
      get().updatePane(paneId, (pane) => {
        const message = pane.messages.find((m) => m.id === messageId)
        return message ? replaceMessage(pane, messageId, withText(message, text)) : pane
      })
      void get().saveConversation()
    },
    deleteMessage(paneId, messageId) {
      get().updatePane(paneId, (pane) => deleteMessage(pane, messageId))
      void get().saveConversation()
    },
    insertMessageAfter(paneId, afterId, message) {
      get().updatePane(paneId, (pane) => insertMessageAfter(pane, afterId, message))
      void get().saveConversation()
    },
    saveConversation() {
      const { conversation } = get()
      if (conversation.panes.every((pane) => pane.messages.length === 0)) return saving
      if (conversation.title === UNTITLED) {
        const title = titleFromFirstUserText(conversation)
        if (title !== undefined) set((state) => ({ conversation: { ...state.conversation, title } }))
      }
      saving = saving.then(async () => {
        // The latest state when this save's turn comes (a newer edit may have landed meanwhile).
        const latest = get().conversation
        if (latest.panes.every((pane) => pane.messages.length === 0)) return
        try {
          await invoke('history:save', latest)
        } catch (error) {
          get().notify('error', `The conversation could not be saved: ${(error as Error).message}`)
        }
      })
      return saving
    },
  }
}
