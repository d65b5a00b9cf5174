import type { DialectId, ImagePart } from '@shared/chat/chat-request'
import {
  nextUpdatedAt,
  type ChatParams,
  type CompareMode,
  type Conversation,
  type Pane,
  type SettingKey,
  type StoredMessage,
} from '@shared/history/conversation'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { appendSince } from '@shared/history/conversation-append'
import { switchCompareMode } from '@renderer/features/compare/compare-mode'
import { selectCatalogModels } from '@renderer/features/chat/chat-selectors'
import { focusedPaneOf } from '@shared/history/find-pane'
import { titleFromFirstUserText, UNTITLED } from './conversation-title'
import { newConversation } from './new-conversation'
import { applyParams, applySystem, paneSettings, setLinked } from '@shared/history/pane-settings'
import { isLargeText } from '@renderer/features/chat/composer/large-text'
import type { ComposerDraft } from '@shared/history/pane-request'
import { deleteMessage, insertMessageAfter, replaceMessage, withText } from './transcript-edits'

export type ConversationSlice = {
  conversation: Conversation
  composer: ComposerDraft
  /** The pane that model picks and per-pane actions apply to. */
  focusedPaneId: string

  /** An empty transcript; the system prompt, the parameters and the focused pane's target carry over. */
  startNewConversation(): void
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
   * a failed save is told to the user. Resolves to the conversation main now holds (null when nothing
   * was saved), which a send then names by id instead of sending its transcript.
   */
  saveConversation(): Promise<Conversation | null>
  /**
   * A save of the conversation as it is at this call, whatever changes after (a send adds its reply
   * placeholders at once): `conversation` is the state the save will leave in main, known before it
   * lands, so a send can name it while the save is still on its way.
   */
  saveConversationAsItIs(): { conversation: Conversation; saved: Promise<Conversation | null> }
}

/** The conversation each save left in main (null: nothing saved, or the save failed). */
let saving: Promise<Conversation | null> = Promise.resolve(null)
/** Saves queued or running: the next one waits for them. */
let savesOnTheirWay = 0

export const createConversationSlice: Slice<ConversationSlice> = (set, get) => {
  const initial = newConversation({ dialect: 'openai-chat', model: '' })
  const touch = (conversation: Conversation): Conversation => ({
    ...conversation,
    updatedAt: nextUpdatedAt(conversation, Date.now()),
  })
  /** The conversation as main last stored it: a save sends only what was added since (appendSince). */
  let stored: Conversation | null = null

  /** An untitled conversation is named after its first user text when it is first saved. */
  function nameIfUntitled(): void {
    const { conversation } = get()
    if (conversation.title !== UNTITLED) return
    const title = titleFromFirstUserText(conversation)
    if (title !== undefined) set((state) => ({ conversation: { ...state.conversation, title } }))
  }

  /**
   * One save after those before it; `stateAtTurn` is read when its turn comes (at the earliest after
   * the caller's task, so changes made right after the call are in it). A save of a fixed state
   * (`atOnce`) with none on its way goes out now instead: a send's save then reaches main before
   * the send's runs do.
   */
  function queueSave(stateAtTurn: () => Conversation, atOnce = false): Promise<Conversation | null> {
    if (get().conversation.panes.every((pane) => pane.messages.length === 0)) return saving.then(() => null)
    nameIfUntitled()
    const save = async (): Promise<Conversation | null> => {
      const latest = stateAtTurn()
      if (latest.panes.every((pane) => pane.messages.length === 0)) return null
      try {
        // New turns and settings only, when that is all that changed (a send into a long chat); a
        // refused append (main holds another state, or none) is followed by a full save.
        const change = stored === null ? null : appendSince(stored, latest)
        const appended =
          change !== null &&
          (await invoke('history:append', change).then(
            () => true,
            () => false,
          ))
        if (!appended) await invoke('history:save', latest)
        stored = latest
        return latest
      } catch (error) {
        get().notify('error', `The conversation could not be saved: ${(error as Error).message}`)
        return null
      }
    }
    const ran = atOnce && savesOnTheirWay === 0 ? save() : saving.then(save)
    savesOnTheirWay++
    saving = ran.finally(() => savesOnTheirWay--)
    return saving
  }

  return {
    conversation: initial,
    composer: { text: '', images: [] },
    focusedPaneId: initial.panes[0]?.id ?? '',

    startNewConversation() {
      const { conversation, focusedPaneId } = get()
      const current = focusedPaneOf(conversation, focusedPaneId)
      const fresh = newConversation(
        { dialect: current?.dialect ?? 'openai-chat', model: current?.model ?? '' },
        // What the pane the user was in sends (its own values where unlinked) becomes the shared setup.
        paneSettings(conversation, current),
      )
      set({ conversation: fresh, focusedPaneId: fresh.panes[0]?.id ?? '' })
    },
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
      // Opened from history (or just imported): what main holds.
      stored = conversation
      set({
        conversation,
        focusedPaneId: conversation.panes[0]?.id ?? '',
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
      return queueSave(() => get().conversation)
    },
    saveConversationAsItIs() {
      nameIfUntitled()
      // Its own updatedAt: no state saved before (a change that did not touch it) shares it.
      set((state) => ({ conversation: touch(state.conversation) }))
      const { conversation } = get()
      return { conversation, saved: queueSave(() => conversation, true) }
    },
  }
}
