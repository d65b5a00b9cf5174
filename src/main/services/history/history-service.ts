import { randomUUID } from 'node:crypto'
import { readdir, readFile, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { createKeyedChangeSignal, readOnceReached } from '@shared/async/keyed-change-signal'
import { createKeyedSerialQueue } from '@shared/async/serial-queue'
import {
  conversationSchema,
  summarizeConversation,
  type Conversation,
  type ConversationSummary,
} from '@shared/history/conversation'
import { applyAppend, type ConversationAppend } from '@shared/history/conversation-append'
import { UserFacingError } from '../user-facing-error'
import {
  createJsonDirectoryStore,
  DEFAULT_MAX_DOCUMENT_BYTES,
  DocumentTooLargeError,
  isValidDocumentId,
} from '../json-store'
import { fsyncDirectory, isErrorCode } from '../json-store/fsync-directory'
import { quarantineFile } from '../json-store/quarantine-file'
import { appendDurably } from './append-durably'
import { MAX_CONVERSATION_MB_ENV } from './conversation-size-limit'
import { documentDigest, journalEntryLine, journalHeaderLine, replayJournal } from './conversation-journal'

/** A journal past this many bytes is folded into its document (one full write) at the next append. */
const JOURNAL_COMPACT_BYTES = 8 * 1024 * 1024
/** Conversations whose latest state main keeps in memory, so an append need not read its file. */
const LIVE_CONVERSATIONS = 2
/**
 * How long a send waits for the state it names (currentAt): its save is on its way beside it. A
 * save that fails, or never comes, ends in the send going out whole after this.
 */
const STATE_WAIT_MS = 3_000

type Live = {
  conversation: Conversation
  /** Bytes of the document file, and of its journal (0: none). */
  documentBytes: number
  journalBytes: number
  /** The document file's digest (a new journal's header), with the size and time it was taken at. */
  base?: { digest: string; size: number; mtimeMs: number }
}

export type HistoryService = Awaited<ReturnType<typeof createHistoryService>>

/**
 * Conversations, one JSON file each in `<userData>/conversations` (owner-only), replaced atomically.
 * Temp files of interrupted writes are swept, and files that are corrupt, larger than
 * `maxConversationBytes` or unreadable are set aside at startup (reported once by name, never
 * deleted). The list is made of summaries kept per file version, so listing does not re-read
 * conversations that did not change. Nothing in a conversation holds a key: the schema has no place
 * for one.
 *
 * Incremental saves (`append`: new turns and changed settings) go to a journal next to the file
 * (conversation-journal.ts), fsynced per append; the journal is folded into the file (one atomic
 * write, then the journal deleted) when it passes JOURNAL_COMPACT_BYTES, on a full save, and when a
 * conversation is loaded with one (at startup: journals left by a crash).
 */
export async function createHistoryService(options: {
  userDataDir: string
  maxConversationBytes?: number
  onFileRead?: (id: string, bytes: number) => void
  /** See STATE_WAIT_MS. */
  stateWaitMs?: number
}) {
  const dir = path.join(options.userDataDir, 'conversations')
  const maxBytes = options.maxConversationBytes ?? DEFAULT_MAX_DOCUMENT_BYTES
  const store = await createJsonDirectoryStore({
    dir,
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

  const documentOf = (id: string) => path.join(dir, `${id}.json`)
  const journalOf = (id: string) => path.join(dir, `${id}.journal`)
  // One operation at a time per conversation: an append never interleaves with a full save or a load.
  const lock = createKeyedSerialQueue()
  // Least recently used first (Map order).
  const live = new Map<string, Live>()
  /**
   * The state an append has applied and is still writing (its journal line being synced, or the whole
   * file written), by conversation: what a send names can be built from at once. The request is the
   * same whether that line is on disk yet or not, and a failed append is followed by a full save of
   * the same state; waiting for the sync held each send of a two-pane chat 3-12 ms.
   */
  const writing = new Map<string, Conversation>()
  /** Told after each save or append of a conversation, done or failed: what currentAt waits for. */
  const changes = createKeyedChangeSignal()
  /**
   * Conversations whose last full save failed, with nothing saved since. A failed append is followed
   * by a full save, so only this tells a send that the state it names is not coming (disk full).
   */
  const failedSaves = new Set<string>()

  function remember(id: string, entry: Live): void {
    live.delete(id)
    live.set(id, entry)
    for (const oldest of live.keys()) {
      if (live.size <= LIVE_CONVERSATIONS) break
      // Safe to forget even with a journal: the files on disk are the truth, and a load replays them.
      live.delete(oldest)
    }
  }

  async function fileBytes(file: string): Promise<number> {
    return (await stat(file)).size
  }

  /** Deletes the journal of `id` (after its document was replaced): false when there was none. */
  async function dropJournal(id: string): Promise<boolean> {
    try {
      await unlink(journalOf(id))
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return false
      throw error
    }
    await fsyncDirectory(dir)
    return true
  }

  /** Writes the whole conversation, then drops any journal (it describes the replaced file). */
  async function writeWhole(conversation: Conversation): Promise<void> {
    await write(conversation)
    await dropJournal(conversation.id)
    remember(conversation.id, {
      conversation,
      documentBytes: await fileBytes(documentOf(conversation.id)),
      journalBytes: 0,
    })
  }

  /** The conversation as stored: its file plus its journal, folded into the file when there is one. */
  async function load(id: string): Promise<Conversation | null> {
    // An id that is not a valid file name names no stored conversation (and never a path elsewhere).
    if (!isValidDocumentId(id)) return null
    const document = await readOrNull(id)
    let journal: string
    try {
      journal = await readFile(journalOf(id), 'utf8')
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return document
      throw error
    }
    if (document === null) {
      // Its file was set aside (corrupt, too large): the journal goes with it, never deleted.
      await quarantineFile(journalOf(id), new Date(), 'corrupt').catch(() => undefined)
      return null
    }
    const replayed = replayJournal(document, documentDigest(await readFile(documentOf(id))), journal)
    try {
      await writeWhole(replayed.conversation)
    } catch {
      // Not foldable now (over the size cap): the file and journal still load as they are. The journal
      // may end in a torn line, so nothing may be appended after it: counted as over the compaction
      // threshold, the next save is a full write (which refuses, saying why, what is too large).
      remember(id, {
        conversation: replayed.conversation,
        documentBytes: 0,
        journalBytes: JOURNAL_COMPACT_BYTES + journal.length,
      })
    }
    return replayed.conversation
  }

  /** The document's digest, read from the file unless `entry` holds one taken of this very file. */
  async function baseDigest(id: string, entry: Live): Promise<string> {
    const file = documentOf(id)
    if (entry.base !== undefined) {
      const now = await stat(file)
      if (now.size === entry.base.size && now.mtimeMs === entry.base.mtimeMs) return entry.base.digest
    }
    const [bytes, taken] = await Promise.all([readFile(file), stat(file)])
    options.onFileRead?.(id, bytes.length)
    entry.base = { digest: documentDigest(bytes), size: taken.size, mtimeMs: taken.mtimeMs }
    return entry.base.digest
  }

  /**
   * After an open: the digest a first append needs, taken now (in the queue, after the open), so
   * the first send into a conversation just opened does not read its whole file (4.4 MB for the
   * 1M-token conversation) between the click and the request.
   */
  function primeBaseDigest(id: string): void {
    void lock
      .run(id, async () => {
        const entry = live.get(id)
        if (entry === undefined || entry.journalBytes > 0 || entry.base !== undefined) return
        await baseDigest(id, entry)
      })
      .catch(() => undefined)
  }

  async function get(id: string): Promise<Conversation> {
    const conversation = await lock.run(id, async () => {
      const entry = live.get(id)
      // With a journal, memory holds what the file alone does not; without one, the file is re-read
      // (it may have been replaced or damaged meanwhile, as before there were journals).
      if (entry !== undefined && entry.journalBytes > 0) return entry.conversation
      const loaded = await load(id)
      if (loaded !== null && live.get(id)?.conversation !== loaded) {
        remember(id, {
          conversation: loaded,
          documentBytes: await fileBytes(documentOf(id)),
          journalBytes: 0,
        })
      }
      return loaded
    })
    if (!conversation)
      throw new UserFacingError('not_found', `There is no conversation ${JSON.stringify(id)}.`)
    primeBaseDigest(id)
    return conversation
  }

  /**
   * The conversation as main last stored it, from memory when it is live (no file re-read, no
   * validation): what a send from the conversation builds its request from.
   */
  async function current(id: string): Promise<Conversation> {
    const entry = await lock.run(id, async () => live.get(id))
    return entry?.conversation ?? get(id)
  }

  async function append(change: ConversationAppend): Promise<void> {
    const { id } = change.head
    await lock.run(id, async () => {
      let entry = live.get(id)
      if (entry === undefined) {
        const loaded = await load(id)
        if (loaded === null)
          throw new UserFacingError('not_found', `There is no conversation ${JSON.stringify(id)}.`)
        entry = live.get(id) ?? {
          conversation: loaded,
          documentBytes: await fileBytes(documentOf(id)),
          journalBytes: 0,
        }
      }
      const next = applyAppend(entry.conversation, change)
      if (next === null) {
        throw new UserFacingError('stale_append', 'The conversation changed since this save was made.')
      }
      writing.set(id, next)
      changes.notify(id)
      try {
        await writeAppended(id, entry, change, next)
      } finally {
        writing.delete(id)
      }
    })
  }

  /** Stores an applied append: its journal line, or the whole file once the journal is long. */
  async function writeAppended(id: string, entry: Live, change: ConversationAppend, next: Conversation) {
    const line = journalEntryLine(change)
    const journalBytes = entry.journalBytes + Buffer.byteLength(line)
    // Fold the journal in once it is long, or when the file might near the size cap (the file is
    // pretty-printed, larger than the journal's lines): the full write refuses exactly what is too large.
    if (journalBytes > JOURNAL_COMPACT_BYTES || entry.documentBytes + 2 * journalBytes > maxBytes) {
      await writeWhole(next)
      return
    }
    const header = entry.journalBytes > 0 ? '' : journalHeaderLine(await baseDigest(id, entry))
    try {
      await appendDurably(journalOf(id), header + line, header !== '')
    } catch (error) {
      // The journal may now end in part of this line: forget what memory holds, so the next save or
      // load starts again from the files (a load replays up to the damage and folds the rest away).
      live.delete(id)
      throw error
    }
    remember(id, { ...entry, conversation: next, journalBytes: journalBytes + Buffer.byteLength(header) })
  }

  async function readOrNull(id: string): Promise<Conversation | null> {
    try {
      return await store.read(id)
    } catch {
      // An id that is not a valid file name cannot name a stored conversation.
      return null
    }
  }

  // Journals left by a crash: folded into their files now, so the list shows what they hold.
  for (const entry of await readdir(dir)) {
    const id = entry.endsWith('.journal') ? entry.slice(0, -'.journal'.length) : null
    if (id === null || !isValidDocumentId(id)) continue
    await lock.run(id, () => load(id)).catch(() => undefined)
  }

  return {
    async list(): Promise<ConversationSummary[]> {
      // A journaled conversation's file lags behind: its summary comes from memory, and its file is
      // not read for it. The list is asked for after every append (a send): a 4 MB file whose summary
      // was not cached yet was read and parsed then, ~50 ms of main's thread in the middle of the send.
      const all = await store.summaries((id) => {
        const entry = live.get(id)
        return entry !== undefined && entry.journalBytes > 0
          ? summarizeConversation(entry.conversation)
          : undefined
      })
      return all.map(({ summary }) => summary).sort((a, b) => b.updatedAt - a.updatedAt)
    },
    get,
    current,
    /**
     * `current`, once it is the state saved at `updatedAt`: a send names the state its own save
     * leaves, and does not wait for that save's round trip before starting; the two may arrive in
     * either order, and saves queued before it may land first (a later state among them). Waits up
     * to STATE_WAIT_MS for that very state, then answers what it holds (the caller refuses another
     * state as stale), null when it holds none (a new conversation's first save did not land).
     */
    currentAt(id: string, updatedAt: number): Promise<Conversation | null> {
      return readOnceReached({
        signal: changes,
        key: id,
        // What memory holds now, the state an append is writing included, without queueing behind
        // that write (its end is a change too); `current` when the conversation is not in memory.
        read: () =>
          writing.get(id) ??
          live.get(id)?.conversation ??
          current(id).catch((error: unknown) => {
            if (error instanceof UserFacingError && error.code === 'not_found') return null
            throw error
          }),
        // A failed full save: the state is not coming, and the send goes whole at once.
        reached: (conversation) => conversation?.updatedAt === updatedAt || failedSaves.has(id),
        waitMs: options.stateWaitMs ?? STATE_WAIT_MS,
      })
    },
    async save(conversation: Conversation): Promise<{ savedAt: number }> {
      try {
        await lock.run(conversation.id, () => writeWhole(conversation))
        failedSaves.delete(conversation.id)
      } catch (error) {
        failedSaves.add(conversation.id)
        throw error
      } finally {
        changes.notify(conversation.id)
      }
      return { savedAt: Date.now() }
    },
    /** An incremental save: appended to the conversation's journal (throws `stale_append` when it does not apply). */
    async append(change: ConversationAppend): Promise<{ savedAt: number }> {
      try {
        await append(change)
        failedSaves.delete(change.head.id)
      } finally {
        changes.notify(change.head.id)
      }
      return { savedAt: Date.now() }
    },
    async rename(id: string, title: string): Promise<void> {
      const conversation = await get(id)
      await lock.run(id, () => writeWhole({ ...conversation, title, updatedAt: Date.now() }))
    },
    async remove(id: string): Promise<void> {
      const removed = await lock.run(id, async () => {
        live.delete(id)
        // The journal first: a crash between the two leaves a file without a journal, never the reverse.
        await dropJournal(id).catch(() => false)
        return store.remove(id).catch(() => false)
      })
      if (!removed) {
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
      await lock.run(imported.id, () => writeWhole(imported))
      return imported
    },
    quarantined: () => store.quarantined(),
  }
}
