import { lstat, rename } from 'node:fs/promises'
import { fsyncDirectory, isErrorCode } from './fsync-directory'
import path from 'node:path'

/**
 * Why a file was set aside; it becomes part of the new name so that the name alone tells the user (and
 * the notice that lists the names) what happened.
 */
export type SetAsideReason = 'corrupt' | 'too-large' | 'unreadable'

/**
 * Moves a file that cannot be loaded out of the way, to `<name>.<reason>-<timestamp>` next to it. Never
 * deleted: it may hold a conversation the user wants back, and a bug in our schema (or a size cap set
 * too low) must not cost data. Renaming it back restores it. Returns the new path.
 */
export async function quarantineFile(
  filePath: string,
  now: Date = new Date(),
  reason: SetAsideReason = 'corrupt',
): Promise<string> {
  // Colons and dots are not portable in file names; 2024-05-01T12-00-00-000Z sorts like the ISO form.
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const base = `${filePath}.${reason}-${stamp}`
  for (let attempt = 0; ; attempt += 1) {
    const destination = attempt === 0 ? base : `${base}-${attempt}`
    // rename() silently replaces an existing file: never overwrite an earlier quarantined one.
    if (await pathExists(destination)) continue
    await rename(filePath, destination)
    await fsyncDirectory(path.dirname(filePath))
    return destination
  }
}

async function pathExists(filePath: string): Promise<boolean> {
  try {
    await lstat(filePath)
    return true
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return false
    throw error
  }
}
