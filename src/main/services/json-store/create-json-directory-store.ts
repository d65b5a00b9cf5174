import { mkdir, unlink } from 'node:fs/promises'
import { createKeyedSerialQueue, type KeyedSerialQueue } from '@shared/async/serial-queue'
import { sweepAtomicTempFiles } from './atomic-temp-files'
import { createDocumentFolder, type DocumentFolder, type LoadedFile } from './document-folder'
import { assertValidDocumentId } from './document-id'
import { describeSchemaFailure, type DocumentSchema } from './document-schema'
import { createDocumentSummaryCache, type DocumentSummaryCache } from './document-summary-cache'
import { fsyncDirectory, isErrorCode } from './fsync-directory'
import { HAS_POSIX_MODES, makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-modes'
import { fileIdentity } from './read-capped-text-file'
import { writeJsonFileAtomic } from './write-json-file-atomic'

/**
 * Files larger than this are set aside unread. A conversation of a million tokens is 4–8 MB of JSON;
 * 256 MB leaves room for pasted documents and long logs, while staying far below what a JavaScript
 * string can hold (about 512 MB) and what parsing costs at startup stays seconds, not minutes.
 */
export const DEFAULT_MAX_DOCUMENT_BYTES = 256 * 1024 * 1024

export type JsonDirectoryStoreOptions<T, S = never> = {
  /** The folder holding one file per document; created if missing. */
  dir: string
  /** A zod schema: validates every document read (one that fails is quarantined) and written. */
  schema: DocumentSchema<T>
  extension?: string
  /** Larger files are set aside as `<name>.too-large-<timestamp>` without being read. */
  maxFileBytes?: number
  /** What `summaries()` lists per document; kept per file version so unchanged files are not re-read. */
  summarize?: (value: T) => S
  /** Told of every document file read from disk, with its size (diagnostics, and tests of the cache). */
  onFileRead?: (id: string, bytes: number) => void
}

export type JsonDirectoryStore<T, S = never> = {
  /** Every valid document, sorted by id. */
  list(): Promise<{ id: string; value: T }[]>
  /**
   * The summary of every valid document, sorted by id. Reads only the files that changed since they
   * were last read or written by this store (by size, times and inode): listing stays cheap however
   * large the documents are. `known` answers for documents whose newest state the caller holds (a
   * conversation whose file lags its journal): their files are not read at all.
   */
  summaries(known?: (id: string) => S | undefined): Promise<{ id: string; summary: S }[]>
  /** The document, or null when there is none (or it was just found corrupt and quarantined). */
  read(id: string): Promise<T | null>
  /**
   * Validates `value` with the schema, then replaces the document atomically. Throws
   * DocumentTooLargeError, writing nothing, when its file would exceed `maxFileBytes`.
   */
  write(id: string, value: T): Promise<void>
  /** Deletes the document; false when there was none. */
  remove(id: string): Promise<boolean>
  /**
   * Paths the files that could not be loaded (corrupt, too large, unreadable) were moved to, the reason
   * in the name: those found at open, then any found later. A file that could not even be moved is
   * listed where it is.
   */
  quarantined(): string[]
}

/** A value its own schema rejects: writing it would only get it quarantined at the next open. */
export class InvalidDocumentError extends Error {
  override readonly name = 'InvalidDocumentError'
  constructor(
    readonly id: string,
    readonly problem: string,
  ) {
    super(`Document ${id} does not match its schema (${problem}).`)
  }
}

/**
 * Opens a folder of JSON documents, one file `<id><extension>` each (e.g. one per conversation). On
 * open it sweeps temp files left by writes a crash interrupted, and moves every file that fails to parse
 * or validate to `<name>.corrupt-<timestamp>` (too large: `.too-large-`, unreadable: `.unreadable-`;
 * reported by `quarantined()`), so the rest still loads. Files that are not `<valid id><extension>`
 * are left alone. The folder is owner-only (0700) and documents owner read/write (0600); those made
 * before the app set modes are tightened at open.
 */
export async function createJsonDirectoryStore<T, S = never>(
  options: JsonDirectoryStoreOptions<T, S>,
): Promise<JsonDirectoryStore<T, S>> {
  const { schema, summarize } = options
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_DOCUMENT_BYTES
  const cache = createDocumentSummaryCache<S>()
  const folder = createDocumentFolder({
    dir: options.dir,
    schema,
    extension: options.extension ?? '.json',
    maxFileBytes,
    ...(options.onFileRead ? { onFileRead: options.onFileRead } : {}),
    onSetAside: (id) => cache.forget(id),
  })
  // One at a time per document: quarantining a file just found corrupt can never move away a good
  // version written concurrently by `write`.
  const lock = createKeyedSerialQueue()
  await openFolder(folder, lock, (id, loaded) => {
    if (summarize) cache.rememberRead(id, loaded.identity, summarize(loaded.value))
  })
  const { fileOf } = folder

  return {
    async list() {
      const documents: { id: string; value: T }[] = []
      for (const id of await folder.documentIds()) {
        const loaded = await lock.run(id, () => folder.load(id))
        if (loaded.kind === 'ok') documents.push({ id, value: loaded.value })
      }
      return documents
    },
    async summaries(known) {
      if (!summarize) throw new TypeError('This store was opened without `summarize`.')
      return listSummaries(folder, lock, cache, summarize, known)
    },
    async read(id) {
      assertValidDocumentId(id)
      const loaded = await lock.run(id, () => folder.load(id))
      return loaded.kind === 'ok' ? loaded.value : null
    },
    async write(id, value) {
      assertValidDocumentId(id)
      // Never write what the next open would quarantine. What is written is the parsed value, so the
      // file holds exactly what a read returns (unknown keys stripped by the schema are not kept).
      const checked = schema.safeParse(value)
      if (!checked.success) throw new InvalidDocumentError(id, describeSchemaFailure(checked.error))
      await lock.run(id, async () => {
        await writeJsonFileAtomic(fileOf(id), checked.data, { maxBytes: maxFileBytes })
        if (!summarize) return
        const identity = await fileIdentity(fileOf(id))
        if (identity === null) cache.forget(id)
        else cache.rememberWrite(id, identity, summarize(checked.data))
      })
    },
    async remove(id) {
      assertValidDocumentId(id)
      return lock.run(id, async () => {
        cache.forget(id)
        try {
          await unlink(fileOf(id))
        } catch (error) {
          if (isErrorCode(error, 'ENOENT')) return false
          throw error
        }
        await fsyncDirectory(folder.dir)
        return true
      })
    },
    quarantined: () => folder.quarantined(),
  }
}

/**
 * Makes the folder (owner-only), sweeps temp files, and loads every document once: that is what finds
 * the damaged ones to set aside. One at a time, handing each to `loaded` (which keeps only its
 * summary), so a folder of large documents is never all in memory at once.
 */
async function openFolder<T>(
  folder: DocumentFolder<T>,
  lock: KeyedSerialQueue,
  loaded: (id: string, file: Extract<LoadedFile<T>, { kind: 'ok' }>) => void,
): Promise<void> {
  await mkdir(folder.dir, { recursive: true, ...(HAS_POSIX_MODES ? { mode: PRIVATE_DIR_MODE } : {}) })
  await makePrivate(folder.dir, PRIVATE_DIR_MODE)
  await sweepAtomicTempFiles(folder.dir, (target) => folder.idOfFileName(target) !== null)
  for (const id of await folder.documentIds()) {
    await lock.run(id, async () => {
      await makePrivate(folder.fileOf(id), PRIVATE_FILE_MODE)
      const file = await folder.load(id)
      if (file.kind === 'ok') loaded(id, file)
    })
  }
}

/**
 * The summary of every valid document, sorted by id: `known` first, else from the cache when its file
 * has not changed, else read from disk.
 */
async function listSummaries<T, S>(
  folder: DocumentFolder<T>,
  lock: KeyedSerialQueue,
  cache: DocumentSummaryCache<S>,
  summarize: (value: T) => S,
  known: ((id: string) => S | undefined) | undefined,
): Promise<{ id: string; summary: S }[]> {
  const ids = await folder.documentIds()
  cache.retainOnly(new Set(ids))
  const found: { id: string; summary: S }[] = []
  for (const id of ids) {
    const summary = known?.(id) ?? (await lock.run(id, () => summaryOf(folder, cache, summarize, id)))
    if (summary !== null) found.push({ id, summary })
  }
  return found
}

async function summaryOf<T, S>(
  folder: DocumentFolder<T>,
  cache: DocumentSummaryCache<S>,
  summarize: (value: T) => S,
  id: string,
): Promise<S | null> {
  const identity = await fileIdentity(folder.fileOf(id))
  if (identity === null) {
    cache.forget(id)
    return null
  }
  const cached = cache.get(id, identity)
  if (cached !== undefined) return cached
  const loaded = await folder.load(id)
  if (loaded.kind !== 'ok') return null
  const summary = summarize(loaded.value)
  cache.rememberRead(id, loaded.identity, summary)
  return summary
}
