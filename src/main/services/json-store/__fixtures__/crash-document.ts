import type { DocumentSchema } from '../document-schema'

/** What the crash writer stores: `payload` is a pure function of `seq`, so a torn or mixed file shows. */
export type CrashDocument = { id: string; seq: number; payload: string }

export const CRASH_DOCUMENT_IDS = ['doc-0', 'doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5'] as const

/** From a few bytes to ~24 KB, so kills land inside small and multi-page writes alike. */
export function crashPayloadFor(seq: number): string {
  return `${seq}|`.repeat(1 + ((seq * 7919) % 2048))
}

/**
 * The writer's schema, by hand rather than zod: loading zod costs a child a large share of its
 * start, and the test starts more than a hundred of them. The test itself re-validates with zod.
 */
export const crashDocumentChecker: DocumentSchema<CrashDocument> = {
  safeParse(input) {
    const candidate = input as Partial<CrashDocument> | null
    const valid =
      typeof candidate === 'object' &&
      candidate !== null &&
      typeof candidate.id === 'string' &&
      Number.isInteger(candidate.seq) &&
      typeof candidate.payload === 'string'
    return valid
      ? { success: true, data: candidate as CrashDocument }
      : { success: false, error: { issues: [{ path: [], message: 'not a crash document' }] } }
  },
}
