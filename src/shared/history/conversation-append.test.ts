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

  it('is no append when a saved message was edited or deleted, or the panes changed', () => {
    const saved = conversation([[message('a', 'one'), message('b', 'two')]])
    const edited = {
      ...saved,
      panes: [{ ...saved.panes[0]!, messages: [message('a', 'ONE'), saved.panes[0]!.messages[1]!] }],
    }
    const deleted = { ...saved, panes: [{ ...saved.panes[0]!, messages: [saved.panes[0]!.messages[0]!] }] }
    const twoPanes = conversation([[message('a', 'one'), message('b', 'two')], []])
    const setAside = { ...saved, setAside: { models: saved.panes[0]! } }
    expect(appendSince(saved, edited)).toBeNull()
    expect(appendSince(saved, deleted)).toBeNull()
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
