import path from 'node:path'
import { sweepAtomicTempFiles } from './atomic-temp-files'
import type { DocumentSchema } from './document-schema'
import { isErrorCode } from './fsync-directory'
import { parseJsonDocument } from './parse-json-document'
import { makePrivate, PRIVATE_FILE_MODE } from './private-modes'
import { quarantineFile, type SetAsideReason } from './quarantine-file'
import { readCappedTextFile } from './read-capped-text-file'

/** A single file such as settings.json holds a few kilobytes; anything near this is not ours. */
const DEFAULT_MAX_JSON_FILE_BYTES = 8 * 1024 * 1024

export type ReadJsonFileResult<T> =
  | { status: 'ok'; value: T }
  | { status: 'missing' }
  /**
   * The file could not be loaded (corrupt, too large, unreadable) and now sits at `quarantinedAs`, the
   * reason in its name: tell the user once. (If even the move failed, `quarantinedAs` is where it is.)
   */
  | { status: 'quarantined'; quarantinedAs: string; problem: string }

/**
 * Reads one JSON file (such as settings.json) validated by `schema`. Leftover temp files of an
 * interrupted atomic write of this file are swept first; a file that is corrupt, larger than `maxBytes`
 * or unreadable is set aside, not deleted (a later save must not replace what the user may want back),
 * and reported so the caller can fall back to defaults and say so. A file from before the app set
 * modes is made owner-only (0600).
 */
export async function readJsonFile<T>(
  filePath: string,
  schema: DocumentSchema<T>,
  options: { maxBytes?: number } = {},
): Promise<ReadJsonFileResult<T>> {
  const dir = path.dirname(filePath)
  const fileName = path.basename(filePath)
  try {
    await sweepAtomicTempFiles(dir, (target) => target === fileName)
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return { status: 'missing' }
    throw error
  }
  await makePrivate(filePath, PRIVATE_FILE_MODE)
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_JSON_FILE_BYTES
  const file = await readCappedTextFile(filePath, maxBytes)
  if (file.kind === 'missing') return { status: 'missing' }
  if (file.kind === 'too-large') {
    const problem = `too large (${file.bytes} bytes; the limit is ${maxBytes})`
    return { status: 'quarantined', quarantinedAs: await setAside(filePath, 'too-large'), problem }
  }
  if (file.kind === 'unreadable') {
    return {
      status: 'quarantined',
      quarantinedAs: await setAside(filePath, 'unreadable'),
      problem: file.problem,
    }
  }
  const parsed = parseJsonDocument(file.text, schema)
  if (parsed.ok) return { status: 'ok', value: parsed.value }
  return {
    status: 'quarantined',
    quarantinedAs: await setAside(filePath, 'corrupt'),
    problem: parsed.problem,
  }
}

async function setAside(filePath: string, reason: SetAsideReason): Promise<string> {
  try {
    return await quarantineFile(filePath, new Date(), reason)
  } catch {
    // Not even movable (a read-only folder): it stays where it is, and a save cannot replace it either.
    return filePath
  }
}
