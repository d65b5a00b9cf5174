import { readFile, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { contentTypeFor } from './content-types'
import { COMMON_HEADERS, HTML_HEADERS } from './security-headers'

/**
 * One path segment of a file we serve. A whitelist, not a blacklist of tricks: it cannot be `.` or
 * `..`, a dotfile, empty (`//`), and cannot hold `\`, `:` (drive letters, NTFS streams), `%` or NUL,
 * whatever encoding the request used. Vite's output (`index-B4x_9aZ.js`) always fits.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+~-]{0,254}$/

type StaticFile = { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }

export type StaticFiles = {
  /** The file for a URL path (still percent-encoded), or undefined: not found, or not ours to serve. */
  lookup(rawPathname: string): Promise<StaticFile | undefined>
}

/** Serves the built renderer from `rootDir`: files only, no directory listing, nothing outside it. */
export async function createStaticFiles(rootDir: string): Promise<StaticFiles> {
  let root: string
  try {
    root = await realpath(rootDir)
  } catch (error) {
    throw new Error(
      `The renderer folder ${rootDir} cannot be read (${(error as Error).message}); build the app first.`,
      { cause: error },
    )
  }

  return {
    async lookup(rawPathname) {
      const file = await resolveInside(root, rawPathname)
      if (file === undefined) return undefined
      const bytes = await readFile(file)
      // A view, not a copy; readFile's buffers are never backed by a SharedArrayBuffer.
      const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)
      const type = contentTypeFor(file)
      const headers = type.startsWith('text/html') ? { ...HTML_HEADERS } : { ...COMMON_HEADERS }
      headers['content-type'] = type
      // Hashed assets could be cached for ever, but the host serves whatever `npm start` just built.
      headers['cache-control'] ??= 'no-cache'
      return { body, headers }
    },
  }
}

/** The real path of a regular file inside root named by the URL path, or undefined. Exported for tests. */
async function resolveInside(root: string, rawPathname: string): Promise<string | undefined> {
  const segments = urlPathSegments(rawPathname)
  if (segments === undefined) return undefined
  const candidate = path.join(root, ...segments)
  if (!isInside(root, candidate)) return undefined
  try {
    // A symlink inside the folder may point anywhere: judge the file by where it really is.
    const real = await realpath(candidate)
    if (!isInside(root, real)) return undefined
    const info = await stat(real)
    return info.isFile() ? real : undefined
  } catch {
    return undefined
  }
}

/** The decoded segments of a URL path, `/` meaning index.html; undefined for anything suspicious. */
export function urlPathSegments(rawPathname: string): string[] | undefined {
  if (!rawPathname.startsWith('/')) return undefined
  if (rawPathname === '/') return ['index.html']
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPathname)
  } catch {
    return undefined
  }
  const segments = decoded.slice(1).split('/')
  return segments.every((segment) => SAFE_SEGMENT.test(segment)) ? segments : undefined
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate)
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith('..' + path.sep) &&
    !path.isAbsolute(relative)
  )
}
