import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { isValidDocumentId } from './document-id'
import type { DocumentSchema } from './document-schema'
import { isErrorCode } from './fsync-directory'
import { parseJsonDocument } from './parse-json-document'
import { quarantineFile, type SetAsideReason } from './quarantine-file'
import { readCappedTextFile, type FileIdentity } from './read-capped-text-file'

export type LoadedFile<T> =
  { kind: 'ok'; value: T; identity: FileIdentity } | { kind: 'missing' } | { kind: 'quarantined' }

export type DocumentFolder<T> = {
  dir: string
  fileOf(id: string): string
  /** The id a file name stands for, or null when it is not `<valid id><extension>`. */
  idOfFileName(fileName: string): string | null
  /** The ids of the documents in the folder, sorted. */
  documentIds(): Promise<string[]>
  /** Reads and validates one document; a file that fails is set aside, the reason in its new name. */
  load(id: string): Promise<LoadedFile<T>>
  /** Where the files set aside went (or where they stay, when they could not be moved). */
  quarantined(): string[]
}

/**
 * The files of a folder of JSON documents, one `<id><extension>` each: their names, and reading one
 * with its damage handled (corrupt: `.corrupt-<timestamp>`, too large: `.too-large-`, unreadable:
 * `.unreadable-`), so the rest still loads. Holds no lock: the store orders the calls.
 */
export function createDocumentFolder<T>(options: {
  dir: string
  schema: DocumentSchema<T>
  extension: string
  maxFileBytes: number
  onFileRead?: (id: string, bytes: number) => void
  /** A document was just set aside (or found gone while being set aside). */
  onSetAside: (id: string) => void
}): DocumentFolder<T> {
  const { dir, extension } = options
  if (!/^\.[A-Za-z0-9]{1,16}$/.test(extension))
    throw new TypeError(`Invalid document extension ${extension}.`)
  const quarantinedPaths: string[] = []
  const fileOf = (id: string) => path.join(dir, `${id}${extension}`)

  function idOfFileName(fileName: string): string | null {
    if (!fileName.endsWith(extension)) return null
    const id = fileName.slice(0, -extension.length)
    return isValidDocumentId(id) ? id : null
  }

  async function setAside(id: string, reason: SetAsideReason): Promise<LoadedFile<T>> {
    options.onSetAside(id)
    try {
      quarantinedPaths.push(await quarantineFile(fileOf(id), new Date(), reason))
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return { kind: 'missing' }
      // Not even movable (a read-only folder): skip it where it is, and still say so by name.
      if (!quarantinedPaths.includes(fileOf(id))) quarantinedPaths.push(fileOf(id))
    }
    return { kind: 'quarantined' }
  }

  return {
    dir,
    fileOf,
    idOfFileName,
    async documentIds() {
      const entries = await readdir(dir, { withFileTypes: true })
      return entries
        .filter((entry) => entry.isFile())
        .flatMap((entry) => {
          const id = idOfFileName(entry.name)
          return id === null ? [] : [id]
        })
        .sort()
    },
    async load(id) {
      const file = await readCappedTextFile(fileOf(id), options.maxFileBytes)
      if (file.kind === 'missing') return file
      if (file.kind === 'too-large') return setAside(id, 'too-large')
      if (file.kind === 'unreadable') return setAside(id, 'unreadable')
      options.onFileRead?.(id, file.bytes)
      const parsed = parseJsonDocument(file.text, options.schema)
      if (parsed.ok) return { kind: 'ok', value: parsed.value, identity: file.identity }
      return setAside(id, 'corrupt')
    },
    quarantined: () => [...quarantinedPaths],
  }
}
