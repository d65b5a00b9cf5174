import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { trackAtomicWrite } from './atomic-temp-files'
import { fsyncDirectory } from './fsync-directory'
import { HAS_POSIX_MODES, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-modes'

/** The bytes of a stored document: pretty-printed so a user can read and diff the file. */
export function serializeJsonDocument(value: unknown): string {
  const text = JSON.stringify(value, null, 2) as string | undefined
  if (text === undefined) throw new TypeError('Only JSON values can be stored (got undefined or a function).')
  return `${text}\n`
}

/** A document whose file would exceed the size its store loads: writing it would only get it set aside. */
export class DocumentTooLargeError extends Error {
  override readonly name = 'DocumentTooLargeError'
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`The document is ${bytes} bytes, over the limit of ${maxBytes}.`)
  }
}

/**
 * Replaces `filePath` with `value` as JSON so that a crash at any moment leaves either the old or the
 * new document, never a mix: temp file in the same folder, fsync, rename over the target (all three by
 * write-file-atomic), then fsync the folder so the rename itself survives a power cut. The temp file is
 * created 0600 (so the document is never readable by others, not even for the moment before the
 * rename), and folders made on the way 0700.
 */
export async function writeJsonFileAtomic(
  filePath: string,
  value: unknown,
  options: { maxBytes?: number } = {},
): Promise<void> {
  const data = serializeJsonDocument(value)
  const bytes = Buffer.byteLength(data)
  if (options.maxBytes !== undefined && bytes > options.maxBytes) {
    throw new DocumentTooLargeError(bytes, options.maxBytes)
  }
  const dir = path.dirname(filePath)
  await mkdir(dir, { recursive: true, ...(HAS_POSIX_MODES ? { mode: PRIVATE_DIR_MODE } : {}) })
  await trackAtomicWrite(filePath, () =>
    writeFileAtomic(filePath, data, {
      encoding: 'utf8',
      fsync: true,
      // Without a mode, write-file-atomic copies the mode of the file it replaces (0644 from before).
      ...(HAS_POSIX_MODES ? { mode: PRIVATE_FILE_MODE } : {}),
    }),
  )
  await fsyncDirectory(dir)
}
