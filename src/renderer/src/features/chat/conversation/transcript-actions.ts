import type { CacheBreakpoint } from '@shared/chat/chat-request'
import type { Pane, StoredMessage } from '@shared/history/conversation'
import type { Slice } from '@renderer/store/slice'
import {
  deleteMessage,
  insertMessageAfter,
  replaceMessage,
  withMessageCache,
  withText,
} from './transcript-edits'
import { touch } from './touch-conversation'

/** Changes to a pane's transcript: the runs' and the user's edits go through here. */
export type TranscriptActions = {
  /** Apply a change to one pane's transcript (the chat feature's edits go through here). */
  updatePane(paneId: string, update: (pane: Pane) => Pane): void
  /**
   * Replace the text of a message (its images, tool calls and reply record stay) and mark it edited,
   * in every pane that holds it (a sent turn is one message in each pane, by id); saves. Replies
   * below it that were written before are then stale (staleReplyIds) until resent.
   */
  editMessageText(paneId: string, messageId: string, text: string): void
  deleteMessage(paneId: string, messageId: string): void
  /** Put a Messages cache breakpoint after a message, or take it away (`undefined`); saves. */
  setMessageCache(paneId: string, messageId: string, cache: CacheBreakpoint | undefined): void
  /** A turn typed by hand (user, assistant or tool) after `afterId`; saves. */
  insertMessageAfter(paneId: string, afterId: string, message: StoredMessage): void
}

export const createTranscriptActions: Slice<TranscriptActions> = (set, get) => ({
  updatePane(paneId, update) {
    set((state) => ({
      conversation: touch({
        ...state.conversation,
        panes: state.conversation.panes.map((pane) => (pane.id === paneId ? update(pane) : pane)),
      }),
    }))
  },
  editMessageText(paneId, messageId, text) {
    const editedAt = Date.now()
    const holders = get()
      .conversation.panes.filter((pane) => pane.messages.some((m) => m.id === messageId))
      .map((pane) => pane.id)
    for (const holder of holders.length > 0 ? holders : [paneId]) {
      get().updatePane(holder, (pane) => {
        const message = pane.messages.find((m) => m.id === messageId)
        return message ? replaceMessage(pane, messageId, { ...withText(message, text), editedAt }) : pane
      })
    }
    void get().saveConversation()
  },
  deleteMessage(paneId, messageId) {
    get().updatePane(paneId, (pane) => deleteMessage(pane, messageId))
    void get().saveConversation()
  },
  setMessageCache(paneId, messageId, cache) {
    get().updatePane(paneId, (pane) => {
      const message = pane.messages.find((m) => m.id === messageId)
      return message ? replaceMessage(pane, messageId, withMessageCache(message, cache)) : pane
    })
    void get().saveConversation()
  },
  insertMessageAfter(paneId, afterId, message) {
    get().updatePane(paneId, (pane) => insertMessageAfter(pane, afterId, message))
    void get().saveConversation()
  },
})
