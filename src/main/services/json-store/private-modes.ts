import { chmod, lstat } from 'node:fs/promises'
import { isErrorCode } from './fsync-directory'

// Conversations and settings are the user's own (prompts, replies, gateway addresses): no other account
// on the machine should read them, so files are owner read/write and folders owner-only.
export const PRIVATE_FILE_MODE = 0o600
export const PRIVATE_DIR_MODE = 0o700

/** Windows has no POSIX modes (chmod only toggles read-only there): modes are set on POSIX only. */
export const HAS_POSIX_MODES = process.platform !== 'win32'

/**
 * Removes group and other access from an existing file or folder of ours that was created before the
 * app set modes (0644 files in 0755 folders). Symlinks are left alone (chmod would follow them to a
 * file that is not ours), and so is anything we may not change (EPERM: not our file).
 */
export async function makePrivate(target: string, mode: number): Promise<void> {
  if (!HAS_POSIX_MODES) return
  try {
    const stats = await lstat(target)
    if (stats.isSymbolicLink() || (stats.mode & 0o077) === 0) return
    await chmod(target, mode)
  } catch (error) {
    if (isErrorCode(error, 'ENOENT') || isErrorCode(error, 'EPERM')) return
    throw error
  }
}
