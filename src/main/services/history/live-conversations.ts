import type { Conversation } from '@shared/history/conversation'

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
}

/**
 * The latest state of the conversations used last. Safe to forget at any time, even with a journal:
 * the files on disk are the truth, and a load replays them.
 */
export function createLiveConversations(capacity = LIVE_CONVERSATIONS): LiveConversations {
  // Least recently remembered first (Map order).
  const live = new Map<string, LiveConversation>()
  return {
    get: (id) => live.get(id),
    remember(id, entry) {
      live.delete(id)
      live.set(id, entry)
      for (const oldest of live.keys()) {
        if (live.size <= capacity) break
        live.delete(oldest)
      }
    },
    forget(id) {
      live.delete(id)
    },
  }
}
