import {
  summarizeConversation,
  type Conversation,
  type ConversationSummary,
} from '@shared/history/conversation'

/** Conversations whose latest state main keeps in memory, so an append need not read its file. */
const LIVE_CONVERSATIONS = 2

/** A conversation main holds in memory, with what its next append needs to know of its files. */
export type LiveConversation = {
  conversation: Conversation
  /** Bytes of the document file, and of its journal (0: none). */
  documentBytes: number
  journalBytes: number
  /** The document file's digest (a new journal's header), with the size and time it was taken at. */
  base?: { digest: string; size: number; mtimeMs: number }
}

export type LiveConversations = {
  get(id: string): LiveConversation | undefined
  /** Holds `entry` as the latest state of `id`, forgetting the least recently remembered past the cap. */
  remember(id: string, entry: LiveConversation): void
  forget(id: string): void
  /**
   * The summary of `id`'s latest state when its journal holds more than its file (the file's own
   * summary lags behind), also after that state left memory; undefined when the file is current.
   */
  journaledSummary(id: string): ConversationSummary | undefined
}

/**
 * The latest state of the conversations used last. Safe to forget at any time, even with a journal:
 * the files on disk are the truth, and a load replays them. What the history list shows of a
 * journaled conversation is kept when its state is forgotten for room: its file alone says less
 * (a card read "1 message" for 18 once a third conversation was opened), until a load folds it.
 */
export function createLiveConversations(capacity = LIVE_CONVERSATIONS): LiveConversations {
  // Least recently remembered first (Map order).
  const live = new Map<string, LiveConversation>()
  const lagging = new Map<string, ConversationSummary>()
  return {
    get: (id) => live.get(id),
    remember(id, entry) {
      live.delete(id)
      lagging.delete(id)
      live.set(id, entry)
      for (const [oldest, evicted] of live) {
        if (live.size <= capacity) break
        live.delete(oldest)
        if (evicted.journalBytes > 0) lagging.set(oldest, summarizeConversation(evicted.conversation))
      }
    },
    forget(id) {
      live.delete(id)
      lagging.delete(id)
    },
    journaledSummary(id) {
      const entry = live.get(id)
      if (entry !== undefined) {
        return entry.journalBytes > 0 ? summarizeConversation(entry.conversation) : undefined
      }
      return lagging.get(id)
    },
  }
}
