import { countImages } from '@shared/chat/drop-images'
import type { Pane, StoredMessage } from '@shared/history/conversation'
import { draftIsEmpty, draftToUserContent } from '@shared/history/pane-request'
import type { AppState } from '@renderer/store'
import type { Slice } from '@renderer/store/slice'
import {
  selectPaneBusy,
  selectTextOnlyModel,
  selectTextOnlyPanesWithImages,
} from '@renderer/features/chat/chat-selectors'
import {
  appendMessages,
  truncateAfter,
  truncateBefore,
} from '@renderer/features/chat/conversation/transcript-edits'
import { launchPaneRuns } from './launch-pane-runs'
import { imagesAnswerKey } from './runs-state'

/** The actions that start runs: a send from the composer, a regenerate, a continue after tool results. */
export type SendActions = {
  /**
   * The composer's draft becomes a user turn in every pane, and each pane starts a run. When a
   * text-only pane's history holds images, nothing is sent: `imageChoice` asks first, unless
   * `dropImagesForTextOnly` (the user's answer) says to send those panes their history without them.
   * The answer holds for that pane and model until more images come.
   */
  send(options?: { dropImagesForTextOnly?: boolean }): Promise<void>
  dismissImageChoice(): void
  /** Re-run a pane from the user turn before `messageId`, replacing that reply. */
  regenerate(paneId: string, messageId: string): Promise<void>
  /** After tool results were typed: ask the model again with them. */
  continuePane(paneId: string): Promise<void>
  /**
   * A user turn was edited and is sent again: in every pane holding it, what followed it goes and a
   * new reply is asked for (nothing happens while one of those panes is busy).
   */
  resendFrom(messageId: string): Promise<void>
}

export const createSendActions: Slice<SendActions> = (set, get) => {
  const store = { set, get }
  return {
    dismissImageChoice() {
      set({ imageChoice: null })
    },

    async send(options = {}) {
      const state = get()
      const { conversation, composer } = state
      if (draftIsEmpty(composer)) return
      if (conversation.panes.some((pane) => selectPaneBusy(state, pane.id))) return
      const refusal = sendRefusal(state)
      if (refusal !== undefined) {
        state.notify('error', refusal)
        return
      }
      const textOnlyWithImages = selectTextOnlyPanesWithImages(state)
      const key = (pane: Pane): string => imagesAnswerKey(conversation.id, pane.id, pane.model)
      // Asked once per pane and model: a later send with no new images goes without them again.
      const unanswered = textOnlyWithImages.filter(
        (pane) => countImages(pane.messages) > (state.imagesDropAgreed[key(pane)] ?? 0),
      )
      if (unanswered.length > 0 && !options.dropImagesForTextOnly) {
        set({
          imageChoice: {
            models: [...new Set(unanswered.map((pane) => pane.model))],
            images: Math.max(...unanswered.map((pane) => countImages(pane.messages))),
          },
        })
        return
      }
      const agreed = Object.fromEntries(
        textOnlyWithImages.map((pane) => [key(pane), countImages(pane.messages)]),
      )
      set((s) => ({ imageChoice: null, imagesDropAgreed: { ...s.imagesDropAgreed, ...agreed } }))
      // One id for the turn in every pane: compare mode matches replies to the same turn by it.
      const turn: StoredMessage = {
        id: crypto.randomUUID(),
        role: 'user',
        content: draftToUserContent(composer),
      }
      set((s) => ({ conversation: { ...s.conversation, profileId: s.activeProfileId } }))
      for (const pane of conversation.panes) {
        state.updatePane(pane.id, (p) => appendMessages(p, [structuredClone(turn)]))
      }
      state.clearDraft()
      await launchPaneRuns(
        store,
        conversation.panes.map((pane) => pane.id),
      )
    },

    async regenerate(paneId, messageId) {
      if (selectPaneBusy(get(), paneId)) return
      get().updatePane(paneId, (pane: Pane) => truncateBefore(pane, messageId))
      await launchPaneRuns(store, [paneId])
    },

    async continuePane(paneId) {
      if (selectPaneBusy(get(), paneId)) return
      await launchPaneRuns(store, [paneId])
    },

    async resendFrom(messageId) {
      const state = get()
      const panes = state.conversation.panes.filter((pane) => pane.messages.some((m) => m.id === messageId))
      if (panes.length === 0 || panes.some((pane) => selectPaneBusy(state, pane.id))) return
      for (const pane of panes) state.updatePane(pane.id, (p) => truncateAfter(p, messageId))
      await launchPaneRuns(
        store,
        panes.map((pane) => pane.id),
      )
    },
  }
}

/** Why the draft cannot go out as it is (a pane without a model, images for a text-only one), if so. */
function sendRefusal(state: AppState): string | undefined {
  if (state.conversation.panes.some((pane) => pane.model === '')) {
    return 'Pick a model for every pane before sending.'
  }
  if (state.composer.images.length === 0) return undefined
  const textOnly = selectTextOnlyModel(state)
  return textOnly === null ? undefined : `${textOnly} is text-only: remove the images or pick a vision model.`
}
