import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sweepAtomicTempFiles } from './atomic-temp-files'
import type { DocumentSchema } from './document-schema'
import { isErrorCode } from './fsync-directory'
import { parseJsonDocument } from './parse-json-document'
import { quarantineFile } from './quarantine-file'

export type ReadJsonFileResult<T> =
  | { status: 'ok'; value: T }
  | { status: 'missing' }
  /** The file could not be parsed or validated and now sits at `quarantinedAs`: tell the user once. */
  | { status: 'quarantined'; quarantinedAs: string; problem: string }

/**
 * Reads one JSON file (such as settings.json) validated by `schema`. Leftover temp files of an
 * interrupted atomic write of this file are swept first; a corrupt file is quarantined, not deleted,
 * and reported so the caller can fall back to defaults and say so.
 */
export async function readJsonFile<T>(
  filePath: string,
  schema: DocumentSchema<T>,
): Promise<ReadJsonFileResult<T>> {
  const dir = path.dirname(filePath)
  const fileName = path.basename(filePath)
  try {
    await sweepAtomicTempFiles(dir, (target) => target === fileName)
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return { status: 'missing' }
    throw error
  }
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return { status: 'missing' }
    throw error
  }
  const parsed = parseJsonDocument(text, schema)
  if (parsed.ok) return { status: 'ok', value: parsed.value }
  return { status: 'quarantined', quarantinedAs: await quarantineFile(filePath), problem: parsed.problem }
}
