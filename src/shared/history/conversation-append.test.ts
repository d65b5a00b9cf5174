import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { conversationSchema, type Conversation, type StoredMessage } from './conversation'
import { appendSince, applyAppend, conversationAppendSchema } from './conversation-append'

const message = (id: string, text: string): StoredMessage => ({
  id,
  role: 'user',
  content: [{ type: 'text', text }],
})

function conversation(paneMessages: StoredMessage[][]): Conversation {
  return {
    version: 1,
    id: 'c1',
    title: 'T',
    createdAt: 1,
    updatedAt: 2,
    system: '',
    params: { stop: [], stream: true },
    panes: paneMessages.map((messages, index) => ({
      id: `pane-${index}`,
      dialect: 'openai-chat',
      model: 'm',
      messages,
    })),
  }
}

const messages = (prefix: string) =>
  fc
    .array(fc.string({ maxLength: 20 }), { maxLength: 6 })
    .map((texts) => texts.map((text, index) => message(`${prefix}${index}`, text)))

describe('appendSince / applyAppend', () => {
  it('an append of new messages and changed settings, applied to the saved conversation, gives the current one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(messages('old'), messages('new')), { minLength: 1, maxLength: 2 }),
        fc.string({ maxLength: 10 }),
        fc.option(fc.integer({ min: 1, max: 4000 }), { nil: undefined }),
        (panes, title, maxTokens) => {
          const saved = conversation(panes.map(([old]) => old))
          const current: Conversation = {
            ...saved,
            title,
            updatedAt: 3,
            params: { ...saved.params, ...(maxTokens === undefined ? {} : { maxTokens }) },
            panes: saved.panes.map((pane, index) => ({
              ...pane,
              model: `model-${index}`,
              messages: [...pane.messages, ...(panes[index]?.[1] ?? [])],
            })),
          }
          const append = appendSince(saved, current)
          expect(append).not.toBeNull()
          // What crosses IPC and lands in the journal is the parsed append: it must survive the schema.
          const parsed = conversationAppendSchema.parse(JSON.parse(JSON.stringify(append)))
          expect(append?.panes.map((pane) => pane.messages.length)).toEqual(
            panes.map(([, added]) => added.length),
          )
          expect(applyAppend(saved, parsed)).toEqual(conversationSchema.parse(current))
        },
      ),
    )
  })

  it('replaces the last messages when they changed (a reply saved mid-stream, then finished), and applies exactly', () => {
    fc.assert(
      fc.property(messages('old'), fc.nat(), fc.nat(8), messages('new'), (old, keepSeed, edit, added) => {
        const saved = conversation([old])
        const keep = old.length === 0 ? 0 : keepSeed % (old.length + 1)
        // The kept prefix is the same objects; after it, edited copies of some saved messages, then new ones.
        const edited = old.slice(keep, keep + edit).map((m) => message(m.id, 'edited'))
        const current = conversation([[...old.slice(0, keep), ...edited, ...added]])
        const append = appendSince(saved, current)
        expect(append).not.toBeNull()
        const parsed = conversationAppendSchema.parse(JSON.parse(JSON.stringify(append)))
        expect(applyAppend(saved, parsed)).toEqual(conversationSchema.parse(current))
        // Only what changed travels.
        expect(parsed.panes[0]?.messages.length).toBe(
          current.panes[0]!.messages.length - parsed.panes[0]!.from,
        )
      }),
    )
  })

  it('is no append when more than the last 256 messages changed, or the panes changed', () => {
    const long = Array.from({ length: 300 }, (_, i) => message(`m${i}`, `text ${i}`))
    const saved = conversation([long])
    const editedEarly = conversation([[message('m0', 'EDITED'), ...long.slice(1)]])
    const editedLate = conversation([[...long.slice(0, 299), message('m299', 'EDITED')]])
    const twoPanes = conversation([long, []])
    const setAside = { ...saved, setAside: { models: saved.panes[0]! } }
    expect(appendSince(saved, editedEarly)).toBeNull()
    expect(appendSince(saved, editedLate)?.panes).toEqual([
      { from: 299, had: 300, messages: [message('m299', 'EDITED')] },
    ])
    expect(appendSince(saved, twoPanes)).toBeNull()
    expect(appendSince(saved, setAside)).toBeNull()
    expect(appendSince(saved, { ...saved, id: 'other' })).toBeNull()
  })

  it('does not apply to a conversation it was not made from (a pane of another length)', () => {
    const saved = conversation([[message('a', 'one')]])
    const current = conversation([[...saved.panes[0]!.messages, message('b', 'two')]])
    const append = appendSince(saved, current)!
    expect(applyAppend(current, append)).toBeNull()
    expect(applyAppend(conversation([[]]), append)).toBeNull()
  })
})
