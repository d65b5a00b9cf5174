import type { Conversation } from '@shared/history/conversation'
import type { StoreAccess } from '@renderer/store/slice'
import { nameIfUntitled, type SaveQueue } from './save-queue'
import { touch } from './touch-conversation'

export type SaveActions = {
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

export function createSaveActions(store: StoreAccess, saves: SaveQueue): SaveActions {
  const { set, get } = store
  return {
    saveConversation() {
      return saves.queue(() => get().conversation)
    },
    saveConversationAsItIs() {
      nameIfUntitled(store)
      // Its own updatedAt: no state saved before (a change that did not touch it) shares it.
      set((state) => ({ conversation: touch(state.conversation) }))
      const { conversation } = get()
      return { conversation, saved: saves.queue(() => conversation, true) }
    },
  }
}
