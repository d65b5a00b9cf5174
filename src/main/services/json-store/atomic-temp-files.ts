import { readdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { fsyncDirectory, isErrorCode } from './fsync-directory'

// write-file-atomic writes `<target>.<uint32 in decimal>` next to the target, then renames it over the
// target. A process killed in between leaves that file behind; nothing else ever cleans it up. All our
// atomic writes go through write-file-atomic, so this is the only temp naming there is to sweep.
const TEMP_FILE_NAME = /^(.+)\.\d{1,10}$/

/** The target file name a temp file of write-file-atomic belongs to, or null for any other name. */
export function atomicTempFileTarget(fileName: string): string | null {
  return TEMP_FILE_NAME.exec(fileName)?.[1] ?? null
}

// Targets with a write in progress in this process (absolute path → count). Their temp file exists
// during the write, and sweeping it would make the write fail, so a sweep leaves those alone.
const writesInProgress = new Map<string, number>()

/** Runs an atomic write of `target`, marking it as in progress for the duration. */
export async function trackAtomicWrite<T>(target: string, write: () => Promise<T>): Promise<T> {
  const key = path.resolve(target)
  writesInProgress.set(key, (writesInProgress.get(key) ?? 0) + 1)
  try {
    return await write()
  } finally {
    const remaining = (writesInProgress.get(key) ?? 1) - 1
    if (remaining === 0) writesInProgress.delete(key)
    else writesInProgress.set(key, remaining)
  }
}

/**
 * Deletes the leftover temp files in `dir` whose target name `isTarget` accepts (so a folder shared
 * with other files is never swept beyond our own documents). Returns the names removed.
 */
export async function sweepAtomicTempFiles(
  dir: string,
  isTarget: (fileName: string) => boolean,
): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const removed: string[] = []
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const target = atomicTempFileTarget(entry.name)
    if (target === null || !isTarget(target)) continue
    if (writesInProgress.has(path.resolve(dir, target))) continue
    try {
      await unlink(path.join(dir, entry.name))
      removed.push(entry.name)
    } catch (error) {
      // Its writer finished (renamed it) or cleaned up in the meantime.
      if (!isErrorCode(error, 'ENOENT')) throw error
    }
  }
  if (removed.length > 0) await fsyncDirectory(dir)
  return removed
}
