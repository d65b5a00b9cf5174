import { readFile, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import {
  conversationSchema,
  summarizeConversation,
  type Conversation,
  type ConversationSummary,
} from '@shared/history/conversation'
import { UserFacingError } from '../user-facing-error'
import {
  createJsonDirectoryStore,
  DEFAULT_MAX_DOCUMENT_BYTES,
  DocumentTooLargeError,
  type JsonDirectoryStore,
} from '../json-store'
import { fsyncDirectory, isErrorCode } from '../json-store/fsync-directory'
import { documentDigest } from './conversation-journal'
import { MAX_CONVERSATION_MB_ENV } from './conversation-size-limit'
import type { LiveConversation } from './live-conversations'

/**
 * A conversation's files in `<userData>/conversations` (owner-only): its document `<id>.json`, kept by
 * the json-store (atomic replaces, temp files swept, damaged files set aside), and after incremental
 * saves its journal `<id>.journal` beside it (conversation-journal.ts). Nothing here holds a lock or
 * memory: the conversation store decides when each is called.
 */
export type ConversationFiles = {
  dir: string
  documents: JsonDirectoryStore<Conversation, ConversationSummary>
  /** A document larger than this is refused on save and set aside at load. */
  maxBytes: number
  onFileRead?: (id: string, bytes: number) => void
}

export type ConversationFilesOptions = {
  userDataDir: string
  maxConversationBytes?: number
  onFileRead?: (id: string, bytes: number) => void
}

export async function openConversationFiles(options: ConversationFilesOptions): Promise<ConversationFiles> {
  const dir = path.join(options.userDataDir, 'conversations')
  const documents = await createJsonDirectoryStore({
    dir,
    schema: conversationSchema,
    summarize: summarizeConversation,
    ...(options.maxConversationBytes === undefined ? {} : { maxFileBytes: options.maxConversationBytes }),
    ...(options.onFileRead ? { onFileRead: options.onFileRead } : {}),
  })
  return {
    dir,
    documents,
    maxBytes: options.maxConversationBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
    ...(options.onFileRead ? { onFileRead: options.onFileRead } : {}),
  }
}

const documentPath = (files: ConversationFiles, id: string): string => path.join(files.dir, `${id}.json`)
export const journalPath = (files: ConversationFiles, id: string): string =>
  path.join(files.dir, `${id}.journal`)

export async function documentBytes(files: ConversationFiles, id: string): Promise<number> {
  return (await stat(documentPath(files, id))).size
}

/** Saves the document, refusing (and saying why) a conversation its own size cap would set aside on next start. */
export async function writeDocument(files: ConversationFiles, conversation: Conversation): Promise<void> {
  try {
    await files.documents.write(conversation.id, conversation)
  } catch (error) {
    if (!(error instanceof DocumentTooLargeError)) throw error
    const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)
    throw new UserFacingError(
      'conversation_too_large',
      `This conversation is ${mb(error.bytes)} MB, over the ${mb(error.maxBytes)} MB a conversation may take (${MAX_CONVERSATION_MB_ENV}); it was not saved.`,
    )
  }
}

/** The document, or null when there is none or it was just set aside. */
export async function readDocument(files: ConversationFiles, id: string): Promise<Conversation | null> {
  try {
    return await files.documents.read(id)
  } catch {
    // An id that is not a valid file name cannot name a stored conversation.
    return null
  }
}

/** The journal's text, or null when the conversation has none. */
export async function readJournal(files: ConversationFiles, id: string): Promise<string | null> {
  try {
    return await readFile(journalPath(files, id), 'utf8')
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return null
    throw error
  }
}

/** Deletes the journal of `id` (after its document was replaced): false when there was none. */
export async function dropJournal(files: ConversationFiles, id: string): Promise<boolean> {
  try {
    await unlink(journalPath(files, id))
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return false
    throw error
  }
  await fsyncDirectory(files.dir)
  return true
}

/** The digest of the document file as it is now (what a journal left beside it must name). */
export async function readDocumentDigest(files: ConversationFiles, id: string): Promise<string> {
  return documentDigest(await readFile(documentPath(files, id)))
}

/**
 * The digest a new journal's header names: read from the document file unless `entry` holds one
 * taken of this very file (same size and time), and kept in `entry` for the next time.
 */
export async function baseDigest(
  files: ConversationFiles,
  id: string,
  entry: LiveConversation,
): Promise<string> {
  const file = documentPath(files, id)
  if (entry.base !== undefined) {
    const now = await stat(file)
    if (now.size === entry.base.size && now.mtimeMs === entry.base.mtimeMs) return entry.base.digest
  }
  const [bytes, taken] = await Promise.all([readFile(file), stat(file)])
  files.onFileRead?.(id, bytes.length)
  entry.base = { digest: documentDigest(bytes), size: taken.size, mtimeMs: taken.mtimeMs }
  return entry.base.digest
}
