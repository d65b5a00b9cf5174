import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Conversation } from '@shared/history/conversation'
import {
  applyAppend,
  conversationAppendSchema,
  type ConversationAppend,
} from '@shared/history/conversation-append'

/**
 * The journal of a conversation: `<id>.journal` next to `<id>.json`, one JSON line per incremental
 * save (a ConversationAppend), so a send into a long chat appends its turns instead of rewriting the
 * whole file. The first line names the exact document it extends (the SHA-256 of its bytes): after the
 * document is replaced (a full save, a compaction) a journal left behind by a crash describes an older
 * document and is ignored, never applied twice. Replay stops at the first line that is incomplete,
 * unparsable, invalid or does not apply: what loads is always the document plus a prefix of the
 * appends, in order: a crash at any point loses at most the append being written.
 */
const journalHeaderSchema = z.strictObject({
  journal: z.literal(1),
  base: z.string().regex(/^[0-9a-f]{64}$/),
})

/** The digest a journal header names: SHA-256 of the document file's bytes, hex. */
export function documentDigest(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export function journalHeaderLine(baseDigest: string): string {
  return `${JSON.stringify({ journal: 1, base: baseDigest })}\n`
}

export function journalEntryLine(append: ConversationAppend): string {
  return `${JSON.stringify(append)}\n`
}

export type ReplayedJournal = {
  conversation: Conversation
  /** Appends applied. */
  applied: number
  /** Whether the journal was for another version of the document (then nothing was applied). */
  stale: boolean
}

/** `document` with the appends of `journalText` that apply, in order, up to the first that does not. */
export function replayJournal(document: Conversation, digest: string, journalText: string): ReplayedJournal {
  // Only lines ended by a newline are whole: the text after the last one is an append cut short.
  const lines = journalText.split('\n').slice(0, -1)
  const header = journalHeaderSchema.safeParse(parseLine(lines[0]))
  if (!header.success || header.data.base !== digest)
    return { conversation: document, applied: 0, stale: true }
  let conversation = document
  let applied = 0
  for (const line of lines.slice(1)) {
    const entry = conversationAppendSchema.safeParse(parseLine(line))
    const next = entry.success ? applyAppend(conversation, entry.data) : null
    if (next === null) break
    conversation = next
    applied += 1
  }
  return { conversation, applied, stale: false }
}

function parseLine(line: string | undefined): unknown {
  if (line === undefined) return undefined
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}
