import type { Conversation, ConversationSummary } from '@shared/history/conversation'
import type { ConversationAppend } from '@shared/history/conversation-append'
import { UserFacingError } from '../user-facing-error'
import type { ConversationFilesOptions } from './conversation-files'
import { conversationExport, conversationFromImport } from './conversation-json'
import { notFound, openConversationStore } from './conversation-store'
import { createCurrentStateWaiter } from './current-state-waiter'

export type HistoryService = {
  /** Every stored conversation's summary, newest first. */
  list(): Promise<ConversationSummary[]>
  get(id: string): Promise<Conversation>
  /** See ConversationStore.current. */
  current(id: string): Promise<Conversation>
  /** See CurrentStateWaiter.currentAt. */
  currentAt(id: string, updatedAt: number): Promise<Conversation | null>
  save(conversation: Conversation): Promise<{ savedAt: number }>
  /** An incremental save: appended to the conversation's journal (throws `stale_append` when it does not apply). */
  append(change: ConversationAppend): Promise<{ savedAt: number }>
  rename(id: string, title: string): Promise<void>
  remove(id: string): Promise<void>
  exportJson(id: string): Promise<{ fileName: string; json: string }>
  importJson(json: string): Promise<Conversation>
  quarantined(): string[]
}

/**
 * Conversations, one JSON file each in `<userData>/conversations` (owner-only), replaced atomically,
 * with a journal of incremental saves beside each (conversation-store.ts). Temp files of interrupted
 * writes are swept, and files that are corrupt, larger than `maxConversationBytes` or unreadable are
 * set aside at startup (reported once by name, never deleted). Nothing in a conversation holds a key:
 * the schema has no place for one. A send from a conversation waits here for the state it names
 * (current-state-waiter.ts).
 */
export async function createHistoryService(
  options: ConversationFilesOptions & {
    /** How long `currentAt` waits for the state it names (current-state-waiter.ts). */
    stateWaitMs?: number
  },
): Promise<HistoryService> {
  const conversations = await openConversationStore(options)
  const states = createCurrentStateWaiter({
    read: (id) =>
      conversations.peek(id) ??
      conversations.current(id).catch((error: unknown) => {
        if (error instanceof UserFacingError && error.code === 'not_found') return null
        throw error
      }),
    ...(options.stateWaitMs === undefined ? {} : { waitMs: options.stateWaitMs }),
  })
  return {
    list: () => conversations.summaries(),
    get: (id) => conversations.get(id),
    current: (id) => conversations.current(id),
    currentAt: (id, updatedAt) => states.currentAt(id, updatedAt),
    async save(conversation) {
      await states.storing(conversation.id, 'full', () => conversations.save(conversation))
      return { savedAt: Date.now() }
    },
    async append(change) {
      const { id } = change.head
      await states.storing(id, 'append', () =>
        conversations.append(change, (state, write) => states.whileWriting(id, state, write)),
      )
      return { savedAt: Date.now() }
    },
    async rename(id, title) {
      const conversation = await conversations.get(id)
      await conversations.save({ ...conversation, title, updatedAt: Date.now() })
    },
    async remove(id) {
      if (!(await conversations.remove(id))) throw notFound(id)
    },
    exportJson: async (id) => conversationExport(await conversations.get(id)),
    async importJson(json) {
      const imported = conversationFromImport(json)
      // The same file again: the conversation it made is opened, not listed twice.
      const already = await conversations.get(imported.id).catch((error: unknown) => {
        if (error instanceof UserFacingError && error.code === 'not_found') return undefined
        throw error
      })
      if (already !== undefined) return already
      await conversations.save(imported)
      return imported
    },
    quarantined: () => conversations.quarantined(),
  }
}
