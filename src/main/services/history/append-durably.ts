import { open } from 'node:fs/promises'
import path from 'node:path'
import { fsyncDirectory } from '../json-store/fsync-directory'
import { HAS_POSIX_MODES, PRIVATE_FILE_MODE } from '../json-store/private-modes'

/**
 * Appends `text` to `filePath` (created owner-only when missing) and syncs it before returning, so an
 * append that resolved survives a crash or power cut. A crash during the write may leave part of
 * `text` at the end: readers of an append-only file must treat an unterminated last record as absent
 * (see replayJournal). A new file's directory entry is synced too.
 */
export async function appendDurably(filePath: string, text: string, created: boolean): Promise<void> {
  const handle = await open(filePath, 'a', HAS_POSIX_MODES ? PRIVATE_FILE_MODE : undefined)
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  if (created) await fsyncDirectory(path.dirname(filePath))
}
