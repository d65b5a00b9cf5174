import type { FileIdentity } from './read-capped-text-file'

/**
 * A file whose last change is this recent may still change again within the same tick of the file
 * system's clock (coarse on Linux, 2 s on FAT) without its identity changing: its summary is not kept
 * until it has been quiet this long (git calls such entries "racily clean"). Files the store writes
 * itself are kept at once: a read right after our own save is exactly what the cache is for.
 */
export const RECENT_CHANGE_MS = 2000

/**
 * Per-document summaries keyed by the identity of the file version they were made from, so listing a
 * folder re-reads only files that changed. In memory only: the store reads every file once at open
 * anyway (that is how it finds damaged ones), which fills the cache.
 */
export function createDocumentSummaryCache<S>(now: () => number = Date.now) {
  const entries = new Map<string, { identityKey: string; summary: S }>()
  return {
    /** The summary made from exactly this version of the file, if any. */
    get(id: string, identity: FileIdentity): S | undefined {
      const entry = entries.get(id)
      return entry?.identityKey === identity.key ? entry.summary : undefined
    },
    /** Remembers a summary of a file we just read (unless it changed too recently to trust). */
    rememberRead(id: string, identity: FileIdentity, summary: S): void {
      if (now() - identity.mtimeMs < RECENT_CHANGE_MS) entries.delete(id)
      else entries.set(id, { identityKey: identity.key, summary })
    },
    /** Remembers the summary of a version this process has just written. */
    rememberWrite(id: string, identity: FileIdentity, summary: S): void {
      entries.set(id, { identityKey: identity.key, summary })
    },
    forget(id: string): void {
      entries.delete(id)
    },
    /** Drops the entries of documents no longer in the folder. */
    retainOnly(ids: ReadonlySet<string>): void {
      for (const id of entries.keys()) if (!ids.has(id)) entries.delete(id)
    },
  }
}

export type DocumentSummaryCache<S> = ReturnType<typeof createDocumentSummaryCache<S>>
