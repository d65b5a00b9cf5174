import type { Conversation } from '@shared/history/conversation'
import { focusedPaneOf } from '@shared/history/find-pane'
import type { ComposerDraft } from '@shared/history/pane-request'
import { paneSettings } from '@shared/history/pane-settings'
import type { Slice } from '@renderer/store/slice'
import { createBlindActions, type BlindActions } from './blind-actions'
import { createDraftActions, type DraftActions } from './draft-actions'
import { newConversation } from './new-conversation'
import { createSaveActions, type SaveActions } from './save-actions'
import { createSaveQueue } from './save-queue'
import { createSettingActions, type SettingActions } from './setting-actions'
import { createTranscriptActions, type TranscriptActions } from './transcript-actions'

export type ConversationSlice = {
  conversation: Conversation
  composer: ComposerDraft
  /** The pane that model picks and per-pane actions apply to. */
  focusedPaneId: string

  /** An empty transcript; the system prompt, the parameters and the focused pane's target carry over. */
  startNewConversation(): void
  /** Replace the whole conversation (opening one from history). */
  replaceConversation(conversation: Conversation): void
} & SettingActions &
  BlindActions &
  DraftActions &
  TranscriptActions &
  SaveActions

/**
 * The open conversation and the composer's draft. Which conversation is open is decided here; what
 * changes it, its draft and its saves are action files of one job each.
 */
export const createConversationSlice: Slice<ConversationSlice> = (set, get, store) => {
  const initial = newConversation({ dialect: 'openai-chat', model: '' })
  const saves = createSaveQueue({ set, get })
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
    replaceConversation(conversation) {
      // Opened from history (or just imported): what main holds.
      saves.heldByMain(conversation)
      set({ conversation, focusedPaneId: conversation.panes[0]?.id ?? '' })
    },
    ...createSettingActions(set, get, store),
    ...createBlindActions(set, get, store),
    ...createDraftActions(set, get, store),
    ...createTranscriptActions(set, get, store),
    ...createSaveActions({ set, get }, saves),
  }
}
