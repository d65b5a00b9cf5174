import { randomUUID } from 'node:crypto'
import path from 'node:path'
import {
  conversationSchema,
  summarizeConversation,
  type Conversation,
  type ConversationSummary,
} from '../../../shared/history/conversation'
import { UserFacingError } from '../../ipc/handlers'
import { createJsonDirectoryStore, DocumentTooLargeError } from '../json-store'
import { MAX_CONVERSATION_MB_ENV } from './conversation-size-limit'

export type HistoryService = Awaited<ReturnType<typeof createHistoryService>>

/**
 * Conversations, one JSON file each in `<userData>/conversations` (owner-only), replaced atomically.
 * Temp files of interrupted writes are swept, and files that are corrupt, larger than
 * `maxConversationBytes` or unreadable are set aside at startup (reported once by name, never
 * deleted). The list is made of summaries kept per file version, so listing does not re-read
 * conversations that did not change. Nothing in a conversation holds a key: the schema has no place
 * for one.
 */
export async function createHistoryService(options: {
  userDataDir: string
  maxConversationBytes?: number
  onFileRead?: (id: string, bytes: number) => void
}) {
  const store = await createJsonDirectoryStore({
    dir: path.join(options.userDataDir, 'conversations'),
    schema: conversationSchema,
    summarize: summarizeConversation,
    ...(options.maxConversationBytes === undefined ? {} : { maxFileBytes: options.maxConversationBytes }),
    ...(options.onFileRead ? { onFileRead: options.onFileRead } : {}),
  })

  /** Saves, refusing (and saying why) a conversation its own size cap would set aside on next start. */
  async function write(conversation: Conversation): Promise<void> {
    try {
      await store.write(conversation.id, conversation)
    } catch (error) {
      if (!(error instanceof DocumentTooLargeError)) throw error
      const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)
      throw new UserFacingError(
        'conversation_too_large',
        `This conversation is ${mb(error.bytes)} MB, over the ${mb(error.maxBytes)} MB a conversation may take (${MAX_CONVERSATION_MB_ENV}); it was not saved.`,
      )
    }
  }

  async function get(id: string): Promise<Conversation> {
    const conversation = await readOrNull(id)
    if (!conversation)
      throw new UserFacingError('not_found', `There is no conversation ${JSON.stringify(id)}.`)
    return conversation
  }

  async function readOrNull(id: string): Promise<Conversation | null> {
    try {
      return await store.read(id)
    } catch {
      // An id that is not a valid file name cannot name a stored conversation.
      return null
    }
  }

  return {
    async list(): Promise<ConversationSummary[]> {
      const all = await store.summaries()
      return all.map(({ summary }) => summary).sort((a, b) => b.updatedAt - a.updatedAt)
    },
    get,
    async save(conversation: Conversation): Promise<{ savedAt: number }> {
      await write(conversation)
      return { savedAt: Date.now() }
    },
    async rename(id: string, title: string): Promise<void> {
      const conversation = await get(id)
      await write({ ...conversation, title, updatedAt: Date.now() })
    },
    async remove(id: string): Promise<void> {
      if (!(await store.remove(id).catch(() => false))) {
        throw new UserFacingError('not_found', `There is no conversation ${JSON.stringify(id)}.`)
      }
    },
    async exportJson(id: string): Promise<{ fileName: string; json: string }> {
      const conversation = await get(id)
      const slug = conversation.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60)
      return {
        fileName: `${slug || 'conversation'}.json`,
        json: JSON.stringify(conversation, null, 2) + '\n',
      }
    },
    /**
     * A conversation file exported here or elsewhere. It is validated like a stored one; it always gets
     * a fresh id, so importing twice (or importing an export of a conversation still here) never
     * overwrites anything.
     */
    async importJson(json: string): Promise<Conversation> {
      let data: unknown
      try {
        data = JSON.parse(json)
      } catch (error) {
        throw new UserFacingError('invalid_import', `The file is not JSON: ${(error as Error).message}`)
      }
      const parsed = conversationSchema.safeParse(data)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
        throw new UserFacingError(
          'invalid_import',
          `The file is not a conversation exported by this app (${where}${issue?.message ?? 'invalid'}).`,
        )
      }
      const imported: Conversation = { ...parsed.data, id: randomUUID(), updatedAt: Date.now() }
      await write(imported)
      return imported
    },
    quarantined: () => store.quarantined(),
  }
}
