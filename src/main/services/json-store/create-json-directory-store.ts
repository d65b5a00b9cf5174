import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import { sweepAtomicTempFiles } from './atomic-temp-files'
import { assertValidDocumentId, isValidDocumentId } from './document-id'
import { describeSchemaFailure, type DocumentSchema } from './document-schema'
import { fsyncDirectory, isErrorCode } from './fsync-directory'
import { createKeyedLock } from './keyed-lock'
import { parseJsonDocument } from './parse-json-document'
import { quarantineFile } from './quarantine-file'
import { writeJsonFileAtomic } from './write-json-file-atomic'

export type JsonDirectoryStoreOptions<T> = {
  /** The folder holding one file per document; created if missing. */
  dir: string
  /** A zod schema: validates every document read (one that fails is quarantined) and written. */
  schema: DocumentSchema<T>
  extension?: string
}

export type JsonDirectoryStore<T> = {
  /** Every valid document, sorted by id. */
  list(): Promise<{ id: string; value: T }[]>
  /** The document, or null when there is none (or it was just found corrupt and quarantined). */
  read(id: string): Promise<T | null>
  /** Validates `value` with the schema, then replaces the document atomically. */
  write(id: string, value: T): Promise<void>
  /** Deletes the document; false when there was none. */
  remove(id: string): Promise<boolean>
  /** Paths the corrupt files were moved to: those found at open, then any found later. */
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

type LoadedFile<T> = { kind: 'ok'; value: T } | { kind: 'missing' } | { kind: 'quarantined' }

/**
 * Opens a folder of JSON documents, one file `<id><extension>` each (e.g. one per conversation). On
 * open it sweeps temp files left by writes a crash interrupted, and moves every file that fails to parse
 * or validate to `<name>.corrupt-<timestamp>` (reported by `quarantined()`), so the rest still loads.
 * Files that are not `<valid id><extension>` are left alone.
 */
export async function createJsonDirectoryStore<T>(
  options: JsonDirectoryStoreOptions<T>,
): Promise<JsonDirectoryStore<T>> {
  const { dir, schema } = options
  const extension = options.extension ?? '.json'
  if (!/^\.[A-Za-z0-9]{1,16}$/.test(extension))
    throw new TypeError(`Invalid document extension ${extension}.`)
  const quarantinedPaths: string[] = []
  const lock = createKeyedLock()

  const fileOf = (id: string) => path.join(dir, `${id}${extension}`)
  function idOfFileName(fileName: string): string | null {
    if (!fileName.endsWith(extension)) return null
    const id = fileName.slice(0, -extension.length)
    return isValidDocumentId(id) ? id : null
  }

  async function load(id: string): Promise<LoadedFile<T>> {
    let text: string
    try {
      text = await readFile(fileOf(id), 'utf8')
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return { kind: 'missing' }
      throw error
    }
    const parsed = parseJsonDocument(text, schema)
    if (parsed.ok) return { kind: 'ok', value: parsed.value }
    quarantinedPaths.push(await quarantineFile(fileOf(id)))
    return { kind: 'quarantined' }
  }

  async function documentIds(): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true })
    return entries
      .filter((entry) => entry.isFile())
      .flatMap((entry) => {
        const id = idOfFileName(entry.name)
        return id === null ? [] : [id]
      })
      .sort()
  }

  async function list(): Promise<{ id: string; value: T }[]> {
    const documents: { id: string; value: T }[] = []
    for (const id of await documentIds()) {
      const loaded = await lock.run(id, () => load(id))
      if (loaded.kind === 'ok') documents.push({ id, value: loaded.value })
    }
    return documents
  }

  await mkdir(dir, { recursive: true })
  await sweepAtomicTempFiles(dir, (target) => idOfFileName(target) !== null)
  // Loading every document once is what finds the corrupt ones to quarantine.
  await list()

  return {
    list,

    async read(id) {
      assertValidDocumentId(id)
      const loaded = await lock.run(id, () => load(id))
      return loaded.kind === 'ok' ? loaded.value : null
    },

    async write(id, value) {
      assertValidDocumentId(id)
      // Never write what the next open would quarantine. What is written is the parsed value, so the
      // file holds exactly what a read returns (unknown keys stripped by the schema are not kept).
      const checked = schema.safeParse(value)
      if (!checked.success) throw new InvalidDocumentError(id, describeSchemaFailure(checked.error))
      await lock.run(id, () => writeJsonFileAtomic(fileOf(id), checked.data))
    },

    async remove(id) {
      assertValidDocumentId(id)
      return lock.run(id, async () => {
        try {
          await unlink(fileOf(id))
        } catch (error) {
          if (isErrorCode(error, 'ENOENT')) return false
          throw error
        }
        await fsyncDirectory(dir)
        return true
      })
    },

    quarantined: () => [...quarantinedPaths],
  }
}
