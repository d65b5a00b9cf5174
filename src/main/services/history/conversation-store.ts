import { readdir } from 'node:fs/promises'
import { createKeyedSerialQueue, type KeyedSerialQueue } from '@shared/async/serial-queue'
import type { Conversation, ConversationSummary } from '@shared/history/conversation'
import { applyAppend, type ConversationAppend } from '@shared/history/conversation-append'
import { UserFacingError } from '../user-facing-error'
import { isValidDocumentId } from '../json-store'
import { quarantineFile } from '../json-store/quarantine-file'
import { appendDurably } from './append-durably'
import {
  baseDigest,
  documentBytes,
  dropJournal,
  journalPath,
  openConversationFiles,
  readDocument,
  readDocumentDigest,
  readJournal,
  writeDocument,
  type ConversationFiles,
  type ConversationFilesOptions,
} from './conversation-files'
import { journalEntryLine, journalHeaderLine, replayJournal } from './conversation-journal'
import { listConversationSummaries } from './conversation-summaries'
import { createLiveConversations, type LiveConversation, type LiveConversations } from './live-conversations'

/** A journal past this many bytes is folded into its document (one full write) at the next append. */
const JOURNAL_COMPACT_BYTES = 8 * 1024 * 1024

type Store = {
  files: ConversationFiles
  live: LiveConversations
  // One operation at a time per conversation: an append never interleaves with a full save or a load.
  lock: KeyedSerialQueue
}

/** Runs a write of an applied append (see ConversationStore.append). */
type WhileWriting = (state: Conversation, write: () => Promise<void>) => Promise<void>

export type ConversationStore = {
  /** The conversation as stored (throws `not_found`); its file is re-read unless memory holds more. */
  get(id: string): Promise<Conversation>
  /**
   * The conversation as main last stored it, from memory when it is live (no file re-read, no
   * validation): what a send from the conversation builds its request from.
   */
  current(id: string): Promise<Conversation>
  /** What memory holds of `id` this moment, without waiting for the operation under way. */
  peek(id: string): Conversation | undefined
  /** Writes the whole conversation (its journal folded away). */
  save(conversation: Conversation): Promise<void>
  /**
   * An incremental save, appended to the conversation's journal (throws `stale_append` when it does
   * not apply). `whileWriting` runs its write, so a caller can tell others of the state meanwhile.
   */
  append(change: ConversationAppend, whileWriting: WhileWriting): Promise<void>
  /** Deletes the conversation and its journal: false when there was none. */
  remove(id: string): Promise<boolean>
  summaries(): Promise<ConversationSummary[]>
  quarantined(): string[]
}

export function notFound(id: string): UserFacingError {
  return new UserFacingError('not_found', `There is no conversation ${JSON.stringify(id)}.`)
}

/**
 * The journal store: conversations on disk (conversation-files.ts) and the latest state of the ones
 * used last in memory (live-conversations.ts). Incremental saves go to a journal next to the
 * document, fsynced per append; the journal is folded into the document (one atomic write, then the
 * journal deleted) when it passes JOURNAL_COMPACT_BYTES, on a full save, and when a conversation is
 * loaded with one (at open: journals left by a crash, folded now so the list shows what they hold).
 */
export async function openConversationStore(options: ConversationFilesOptions): Promise<ConversationStore> {
  const store: Store = {
    files: await openConversationFiles(options),
    live: createLiveConversations(),
    lock: createKeyedSerialQueue(),
  }
  await foldJournalsLeftByCrash(store)
  const get = async (id: string): Promise<Conversation> => {
    const conversation = await store.lock.run(id, () => loadIntoMemory(store, id))
    if (!conversation) throw notFound(id)
    primeBaseDigest(store, id)
    return conversation
  }
  return {
    get,
    async current(id) {
      const entry = await store.lock.run(id, async () => store.live.get(id))
      return entry?.conversation ?? get(id)
    },
    peek: (id) => store.live.get(id)?.conversation,
    save: (conversation) => store.lock.run(conversation.id, () => writeWhole(store, conversation)),
    append: (change, whileWriting) =>
      store.lock.run(change.head.id, () => appendUnderLock(store, change, whileWriting)),
    remove: (id) =>
      store.lock.run(id, async () => {
        store.live.forget(id)
        // The journal first: a crash between the two leaves a file without a journal, never the reverse.
        await dropJournal(store.files, id).catch(() => false)
        return store.files.documents.remove(id).catch(() => false)
      }),
    summaries: () => listConversationSummaries(store.files.documents, store.live),
    quarantined: () => store.files.documents.quarantined(),
  }
}

async function foldJournalsLeftByCrash(store: Store): Promise<void> {
  for (const entry of await readdir(store.files.dir)) {
    const id = entry.endsWith('.journal') ? entry.slice(0, -'.journal'.length) : null
    if (id === null || !isValidDocumentId(id)) continue
    await store.lock.run(id, () => load(store, id)).catch(() => undefined)
  }
}

/** Writes the whole conversation, then drops any journal (it describes the replaced file). */
async function writeWhole({ files, live }: Store, conversation: Conversation): Promise<void> {
  await writeDocument(files, conversation)
  await dropJournal(files, conversation.id)
  live.remember(conversation.id, {
    conversation,
    documentBytes: await documentBytes(files, conversation.id),
    journalBytes: 0,
  })
}

/** The conversation as stored: its file plus its journal, folded into the file when there is one. */
async function load(store: Store, id: string): Promise<Conversation | null> {
  const { files } = store
  // An id that is not a valid file name names no stored conversation (and never a path elsewhere).
  if (!isValidDocumentId(id)) return null
  const document = await readDocument(files, id)
  const journal = await readJournal(files, id)
  if (journal === null) return document
  if (document === null) {
    // Its file was set aside (corrupt, too large): the journal goes with it, never deleted.
    await quarantineFile(journalPath(files, id), new Date(), 'corrupt').catch(() => undefined)
    return null
  }
  const replayed = replayJournal(document, await readDocumentDigest(files, id), journal)
  try {
    await writeWhole(store, replayed.conversation)
  } catch {
    // Not foldable now (over the size cap): the file and journal still load as they are. The journal
    // may end in a torn line, so nothing may be appended after it: counted as over the compaction
    // threshold, the next save is a full write (which refuses, saying why, what is too large).
    store.live.remember(id, {
      conversation: replayed.conversation,
      documentBytes: 0,
      journalBytes: JOURNAL_COMPACT_BYTES + journal.length,
    })
  }
  return replayed.conversation
}

/** `get` under the lock: memory when it holds more than the file, else the file, then remembered. */
async function loadIntoMemory(store: Store, id: string): Promise<Conversation | null> {
  const entry = store.live.get(id)
  // With a journal, memory holds what the file alone does not; without one, the file is re-read
  // (it may have been replaced or damaged meanwhile, as before there were journals).
  if (entry !== undefined && entry.journalBytes > 0) return entry.conversation
  const loaded = await load(store, id)
  if (loaded !== null && store.live.get(id)?.conversation !== loaded) {
    store.live.remember(id, {
      conversation: loaded,
      documentBytes: await documentBytes(store.files, id),
      journalBytes: 0,
    })
  }
  return loaded
}

/**
 * After an open: the digest a first append needs, taken now (in the queue, after the open), so the
 * first send into a conversation just opened does not read its whole file between the click and the
 * request (performance.md S1).
 */
function primeBaseDigest(store: Store, id: string): void {
  void store.lock
    .run(id, async () => {
      const entry = store.live.get(id)
      if (entry === undefined || entry.journalBytes > 0 || entry.base !== undefined) return
      await baseDigest(store.files, id, entry)
    })
    .catch(() => undefined)
}

async function appendUnderLock(
  store: Store,
  change: ConversationAppend,
  whileWriting: WhileWriting,
): Promise<void> {
  const { id } = change.head
  let entry = store.live.get(id)
  if (entry === undefined) {
    const loaded = await load(store, id)
    if (loaded === null) throw notFound(id)
    entry = store.live.get(id) ?? {
      conversation: loaded,
      documentBytes: await documentBytes(store.files, id),
      journalBytes: 0,
    }
  }
  const next = applyAppend(entry.conversation, change)
  if (next === null) {
    throw new UserFacingError('stale_append', 'The conversation changed since this save was made.')
  }
  const applied = entry
  await whileWriting(next, () => writeAppended(store, applied, change, next))
}

/** Stores an applied append: its journal line, or the whole file once the journal is long. */
async function writeAppended(
  store: Store,
  entry: LiveConversation,
  change: ConversationAppend,
  next: Conversation,
): Promise<void> {
  const { files, live } = store
  const { id } = change.head
  const line = journalEntryLine(change)
  const journalBytes = entry.journalBytes + Buffer.byteLength(line)
  // Fold the journal in once it is long, or when the file might near the size cap (the file is
  // pretty-printed, larger than the journal's lines): the full write refuses exactly what is too large.
  if (journalBytes > JOURNAL_COMPACT_BYTES || entry.documentBytes + 2 * journalBytes > files.maxBytes) {
    await writeWhole(store, next)
    return
  }
  const header = entry.journalBytes > 0 ? '' : journalHeaderLine(await baseDigest(files, id, entry))
  try {
    await appendDurably(journalPath(files, id), header + line, header !== '')
  } catch (error) {
    // The journal may now end in part of this line: forget what memory holds, so the next save or
    // load starts again from the files (a load replays up to the damage and folds the rest away).
    live.forget(id)
    throw error
  }
  live.remember(id, { ...entry, conversation: next, journalBytes: journalBytes + Buffer.byteLength(header) })
}
