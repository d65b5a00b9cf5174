import { open } from 'node:fs/promises'

/**
 * Flushes a directory's entries (a rename, a new or removed file) to disk. Without it a rename can be
 * lost on power failure even though the renamed file's content was synced. POSIX only: Windows cannot
 * open a directory as a file, and NTFS journals the rename itself.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch (error) {
    // Some file systems (certain network and FUSE mounts) cannot sync a directory; the write itself
    // already succeeded, so that is not a reason to fail it.
    if (!isErrorCode(error, 'EINVAL') && !isErrorCode(error, 'ENOTSUP')) throw error
  } finally {
    await handle.close()
  }
}

export function isErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code
}
