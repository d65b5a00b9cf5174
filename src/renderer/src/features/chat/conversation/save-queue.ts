import type { Conversation } from '@shared/history/conversation'
import { appendSince } from '@shared/history/conversation-append'
import { invoke } from '@renderer/lib/invoke'
import type { StoreAccess } from '@renderer/store/slice'
import { titleFromFirstUserText, UNTITLED } from './conversation-title'

/** The conversation each save left in main (null: nothing saved, or the save failed). */
let saving: Promise<Conversation | null> = Promise.resolve(null)
/** Saves queued or running: the next one waits for them. */
let savesOnTheirWay = 0

export type SaveQueue = {
  /**
   * One save after those before it; `stateAtTurn` is read when its turn comes (at the earliest after
   * the caller's task, so changes made right after the call are in it). A save of a fixed state
   * (`atOnce`) with none on its way goes out now instead: a send's save then reaches main before
   * the send's runs do.
   */
  queue(stateAtTurn: () => Conversation, atOnce?: boolean): Promise<Conversation | null>
  /** Main holds this conversation now (opened from history, imported): the next save appends to it. */
  heldByMain(conversation: Conversation): void
}

/**
 * The open conversation's saves to history, one after another so an older state never lands last.
 * A save sends only what was added since the state main last stored (`appendSince`), when that is
 * all that changed (a send into a long chat), and the whole conversation otherwise.
 */
export function createSaveQueue(store: StoreAccess): SaveQueue {
  const { get } = store
  /** The conversation as main last stored it. */
  let stored: Conversation | null = null

  const save = async (stateAtTurn: () => Conversation): Promise<Conversation | null> => {
    const latest = stateAtTurn()
    if (latest.panes.every((pane) => pane.messages.length === 0)) return null
    try {
      // A refused append (main holds another state, or none) is followed by a full save.
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

  return {
    queue(stateAtTurn, atOnce = false) {
      if (get().conversation.panes.every((pane) => pane.messages.length === 0)) return saving.then(() => null)
      nameIfUntitled(store)
      const ran = atOnce && savesOnTheirWay === 0 ? save(stateAtTurn) : saving.then(() => save(stateAtTurn))
      savesOnTheirWay++
      saving = ran.finally(() => savesOnTheirWay--)
      return saving
    },
    heldByMain(conversation) {
      stored = conversation
    },
  }
}

/** An untitled conversation is named after its first user text when it is first saved. */
export function nameIfUntitled({ set, get }: StoreAccess): void {
  const { conversation } = get()
  if (conversation.title !== UNTITLED) return
  const title = titleFromFirstUserText(conversation)
  if (title !== undefined) set((state) => ({ conversation: { ...state.conversation, title } }))
}
