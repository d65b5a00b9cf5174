import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { conversationSchema, MAX_PANES, type Conversation, type Pane } from './conversation'

const text = fc.string({ maxLength: 20 })
const message = fc.oneof(
  text.map((t) => ({ role: 'user' as const, content: [{ type: 'text' as const, text: t }] })),
  text.map((t) => ({ role: 'assistant' as const, content: [{ type: 'text' as const, text: t }] })),
)
const pane = fc.record({
  id: fc.constantFrom('p1', 'p2', 'p3'),
  dialect: fc.constantFrom('openai-chat' as const, 'anthropic-messages' as const),
  model: text,
  messages: fc
    .array(message, { maxLength: 4 })
    .map((messages) => messages.map((m, i) => ({ ...m, id: `m${i}` }))),
})
const conversationOf = (panes: Pane[], extra: Partial<Conversation> = {}): Conversation => ({
  version: 1,
  id: 'c1',
  title: 'a title',
  createdAt: 1,
  updatedAt: 2,
  system: 'sys',
  params: { stop: [], stream: true, temperature: 0.3 },
  panes,
  ...extra,
})

describe('conversation files', () => {
  it('a file of the two-pane era (one or two panes, with a compare mode or without) reads back unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(pane, { minLength: 1, maxLength: 2 }),
        fc.constantFrom(undefined, 'off' as const, 'dialects' as const, 'models' as const),
        (panes, compare) => {
          const file = conversationOf(panes, compare === undefined ? {} : { compare })
          const read = conversationSchema.parse(JSON.parse(JSON.stringify(file)))
          expect(read).toEqual(file)
        },
      ),
    )
  })

  it('holds up to four panes side by side, and refuses a fifth with a clear reason', () => {
    fc.assert(
      fc.property(fc.array(pane, { minLength: 3, maxLength: MAX_PANES }), (panes) => {
        expect(conversationSchema.parse(conversationOf(panes))).toEqual(conversationOf(panes))
      }),
    )
    const five = conversationSchema.safeParse(
      conversationOf(
        Array.from({ length: 5 }, (_, i) => ({
          id: `p${i}`,
          dialect: 'openai-chat' as const,
          model: 'm',
          messages: [],
        })),
      ),
    )
    expect(five.success).toBe(false)
    expect(five.error?.issues[0]?.path).toEqual(['panes'])
  })
})
