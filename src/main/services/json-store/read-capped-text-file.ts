import { constants as bufferConstants } from 'node:buffer'
import { constants as fsConstants, type BigIntStats } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { isErrorCode } from './fsync-directory'

/**
 * What identifies one version of a file without reading it: size, modification and change times (ns
 * where the OS has them), inode and device. An atomic replace gets a new inode; an in-place edit moves
 * mtime and ctime. Only an edit in place, to the same size, within one tick of the file system's clock
 * (a few ms) after the version we saw would go unnoticed; see RECENT_CHANGE_MS in the summary cache.
 */
export type FileIdentity = { key: string; mtimeMs: number }

export type CappedTextFile =
  | { kind: 'ok'; text: string; bytes: number; identity: FileIdentity }
  | { kind: 'missing' }
  /** Larger than the cap (or than a JavaScript string can hold): never read. */
  | { kind: 'too-large'; bytes: number }
  /** Exists but cannot be read: no permission, not a regular file, I/O error… */
  | { kind: 'unreadable'; problem: string }

// Error codes that say "this file cannot be read" (set it aside) rather than "the process is in
// trouble" (EMFILE, ENOMEM: rethrown, so a good file is never set aside for a passing condition).
const UNREADABLE_CODES = ['EACCES', 'EPERM', 'EIO', 'ELOOP', 'EISDIR', 'ENXIO', 'EBUSY', 'ENAMETOOLONG']

// Opening a FIFO for reading blocks until a writer appears: O_NONBLOCK makes the open return, and the
// fstat below refuses it. (Windows has no O_NONBLOCK and no FIFOs in a folder.)
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0)

/** Largest cap that can work: a file's UTF-8 bytes never decode to more characters than bytes. */
export const MAX_TEXT_FILE_BYTES = bufferConstants.MAX_STRING_LENGTH

/**
 * Reads a UTF-8 file of at most `maxBytes` bytes. The size is checked on the open handle before
 * anything is read, and the read stops at the cap even if the file grows meanwhile, so a huge (or
 * sparse, or endless) file costs neither time nor memory, and never throws "Invalid string length".
 */
export async function readCappedTextFile(filePath: string, maxBytes: number): Promise<CappedTextFile> {
  const cap = Math.min(maxBytes, MAX_TEXT_FILE_BYTES)
  let handle: FileHandle
  try {
    handle = await open(filePath, OPEN_FLAGS)
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return { kind: 'missing' }
    return unreadableOrThrow(error)
  }
  try {
    const stats = await handle.stat({ bigint: true })
    if (!stats.isFile()) return { kind: 'unreadable', problem: 'not a regular file' }
    if (stats.size > BigInt(cap)) return { kind: 'too-large', bytes: Number(stats.size) }
    const buffer = Buffer.allocUnsafe(Number(stats.size) + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
      // It grew after the fstat: read no further than one byte past what was checked.
      if (length === buffer.length) return { kind: 'too-large', bytes: length }
    }
    const text = buffer.toString('utf8', 0, length)
    return { kind: 'ok', text, bytes: length, identity: identityOf(stats) }
  } catch (error) {
    return unreadableOrThrow(error)
  } finally {
    await handle.close()
  }
}

/** The identity of the file now at `filePath` (after our own write), or null if it is gone. */
export async function fileIdentity(filePath: string): Promise<FileIdentity | null> {
  try {
    return identityOf(await stat(filePath, { bigint: true }))
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return null
    throw error
  }
}

function identityOf(stats: BigIntStats): FileIdentity {
  return {
    key: [stats.size, stats.mtimeNs, stats.ctimeNs, stats.ino, stats.dev].join(':'),
    mtimeMs: Number(stats.mtimeMs),
  }
}

function unreadableOrThrow(error: unknown): CappedTextFile {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && UNREADABLE_CODES.includes(code)) {
    return { kind: 'unreadable', problem: `cannot be read (${code})` }
  }
  throw error
}
