import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import { appendSince } from '@shared/history/conversation-append'
import { documentDigest, journalEntryLine, journalHeaderLine, replayJournal } from './conversation-journal'
import { serializeJsonDocument } from '../json-store/write-json-file-atomic'

const document: Conversation = {
  version: 1,
  id: 'c1',
  title: 'T',
  createdAt: 1,
  updatedAt: 1,
  system: '',
  params: { stop: [], stream: true },
  panes: [
    { id: 'a', dialect: 'openai-chat', model: 'm', messages: [] },
    { id: 'b', dialect: 'anthropic-messages', model: 'm', messages: [] },
  ],
}

/** Each save of a session: per pane, the texts of the turns it adds (any text: quotes, newlines, emoji). */
const sessions = fc.array(
  fc.tuple(
    fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 3 }),
    fc.array(fc.string({ maxLength: 12 }), { maxLength: 2 }),
  ),
  {
    minLength: 1,
    maxLength: 8,
  },
)

/** The states a session goes through, and the journal its saves write. */
function journalOf(saves: [string[], string[]][]): { states: Conversation[]; lines: string[] } {
  const states = [document]
  const lines: string[] = []
  saves.forEach((added, save) => {
    const before = states[states.length - 1]!
    const after: Conversation = {
      ...before,
      updatedAt: before.updatedAt + 1,
      panes: before.panes.map((pane, index) => ({
        ...pane,
        messages: [
          ...pane.messages,
          ...(added[index] ?? []).map((text, n): StoredMessage => ({
            id: `s${save}p${index}n${n}`,
            role: 'user',
            content: [{ type: 'text', text }],
          })),
        ],
      })),
    }
    lines.push(journalEntryLine(appendSince(before, after)!))
    states.push(after)
  })
  return { states, lines }
}

describe('replayJournal', () => {
  const digest = documentDigest(serializeJsonDocument(document))

  it('a journal cut anywhere (a crash mid-append) loads the document plus the appends written whole, in order', () => {
    fc.assert(
      fc.property(sessions, fc.double({ min: 0, max: 1, noNaN: true }), (saves, cutAt) => {
        const { states, lines } = journalOf(saves)
        const text = journalHeaderLine(digest) + lines.join('')
        const cut = Math.floor(cutAt * text.length)
        const replayed = replayJournal(document, digest, text.slice(0, cut))
        // Appends whose line (with its newline) lies wholly before the cut.
        let whole = 0
        let end = journalHeaderLine(digest).length
        for (const line of lines) {
          end += line.length
          if (end <= cut) whole += 1
        }
        expect(replayed.applied).toBe(whole)
        expect(replayed.conversation).toEqual(states[whole])
      }),
    )
  })

  it('stops at a damaged line: what follows it is not applied', () => {
    fc.assert(
      fc.property(sessions, fc.nat(), fc.string({ minLength: 1, maxLength: 5 }), (saves, at, garbage) => {
        const { states, lines } = journalOf(saves)
        const damaged = at % lines.length
        const edited = lines.map((line, index) => (index === damaged ? `${garbage}${line}` : line))
        const replayed = replayJournal(document, digest, journalHeaderLine(digest) + edited.join(''))
        // Garbage in front of a JSON line can still be JSON only if it is whitespace.
        if (garbage.trim() !== '') {
          expect(replayed.applied).toBe(damaged)
          expect(replayed.conversation).toEqual(states[damaged])
        }
      }),
    )
  })

  it('ignores a journal written for another version of the document (a full save replaced it)', () => {
    const { lines } = journalOf([[['hello'], []]])
    const replaced = { ...document, title: 'Replaced' }
    const replayed = replayJournal(
      replaced,
      documentDigest(serializeJsonDocument(replaced)),
      journalHeaderLine(digest) + lines.join(''),
    )
    expect(replayed).toEqual({ conversation: replaced, applied: 0, stale: true })
  })
})
