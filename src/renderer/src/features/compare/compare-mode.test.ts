import { describe, expect, it } from 'vitest'
import {
  conversationSchema,
  type CompareMode,
  type Conversation,
  type Pane,
  type StoredMessage,
} from '@shared/history/conversation'
import { conversationOf } from '@renderer/features/chat/__fixtures__/conversation-of'
import { addComparePane, compareModeOf, removeComparePane, switchCompareMode } from './compare-mode'

const turn = (id: string): StoredMessage => ({ id, role: 'user', content: [{ type: 'text', text: 'q' }] })
const answer = (id: string, text: string): StoredMessage => ({
  id,
  role: 'assistant',
  content: [{ type: 'text', text }],
})

function conversation(panes: Pane[], compare?: CompareMode): Conversation {
  return conversationOf(panes, compare ? { compare } : {})
}

const openai: Pane = {
  id: 'p1',
  dialect: 'openai-chat',
  model: 'm',
  messages: [turn('t1'), answer('a1', 'one')],
}

/** Every assistant text anywhere in the conversation, shown or set aside. */
function allReplies(c: Conversation): string[] {
  const panes = [...c.panes, ...Object.values(c.setAside ?? {})]
  return panes
    .flatMap((pane) => pane.messages)
    .filter((m) => m.role === 'assistant')
    .map((m) => `${m.id}:${JSON.stringify(m.content)}`)
    .sort()
}

describe('compareModeOf', () => {
  it('reads older files from their panes: one model through two dialects was a dialect comparison', () => {
    const anthropic: Pane = { ...openai, id: 'p2', dialect: 'anthropic-messages' }
    expect(compareModeOf(conversation([openai]))).toBe('off')
    expect(compareModeOf(conversation([openai, anthropic]))).toBe('dialects')
    expect(compareModeOf(conversation([openai, { ...openai, id: 'p2', model: 'n' }]))).toBe('models')
    expect(compareModeOf(conversation([openai, anthropic], 'models'))).toBe('models')
  })
})

describe('switchCompareMode', () => {
  it('forks the focused pane into the other dialect the first time', () => {
    const next = switchCompareMode(conversation([openai]), 'p1', 'dialects', 'n')
    expect(next.compare).toBe('dialects')
    expect(next.panes[0]).toBe(openai)
    expect(next.panes[1]).toMatchObject({ dialect: 'anthropic-messages', model: 'm' })
    expect(next.panes[1]?.messages).toEqual(openai.messages)
  })

  it('brings back the pane set aside, with its own replies and dialect, after Single', () => {
    const anthropic: Pane = {
      id: 'p2',
      dialect: 'anthropic-messages',
      model: 'm',
      messages: [turn('t1'), answer('a2', 'two')],
    }
    const single = switchCompareMode(conversation([openai, anthropic], 'dialects'), 'p1', 'off', 'n')
    expect(single.panes).toEqual([openai])
    expect(single.setAside?.dialects).toEqual(anthropic)
    const again = switchCompareMode(single, 'p1', 'dialects', 'n')
    expect(again.panes).toEqual([openai, anthropic])
    expect(again.setAside).toBeUndefined()
    // Saved and read back, nothing is refused or dropped.
    expect(conversationSchema.parse(single)).toEqual(single)
  })

  it('loses no reply through any sequence of mode switches, whichever pane is focused', () => {
    const modes: CompareMode[] = ['dialects', 'off', 'models', 'dialects', 'off', 'models', 'off', 'dialects']
    let c = conversation([openai])
    const seen = new Set<string>()
    modes.forEach((mode, step) => {
      const focused = c.panes[step % c.panes.length]?.id ?? 'p1'
      c = switchCompareMode(c, focused, mode, 'n')
      // Each pane shown gets a reply of its own, as a send would.
      c = {
        ...c,
        panes: c.panes.map((pane) => ({
          ...pane,
          messages: [...pane.messages, answer(`${pane.id}-${step}`, `${pane.dialect} ${pane.model}`)],
        })),
      }
      for (const reply of allReplies(c)) seen.add(reply)
      expect(new Set(allReplies(c))).toEqual(seen)
    })
  })

  it('switching between the two compare modes sets the dialect pane aside for the model pane', () => {
    const anthropic: Pane = { ...openai, id: 'p2', dialect: 'anthropic-messages' }
    const models = switchCompareMode(conversation([openai, anthropic], 'dialects'), 'p1', 'models', 'n')
    expect(models.panes[1]).toMatchObject({ dialect: 'openai-chat', model: 'n' })
    expect(models.setAside?.dialects).toBe(anthropic)
    expect(switchCompareMode(models, 'p1', 'dialects', 'n').panes[1]).toBe(anthropic)
  })
})

describe('three and four panes', () => {
  it('adds copies of the focused pane up to four, each valid to save, and removes down to two', () => {
    let c = switchCompareMode(conversation([openai]), 'p1', 'models', 'other')
    c = addComparePane(c, 'p1')
    c = addComparePane(c, 'p1')
    expect(c.panes).toHaveLength(4)
    expect(addComparePane(c, 'p1')).toBe(c)
    expect(new Set(c.panes.map((pane) => pane.id)).size).toBe(4)
    expect(c.panes[3]).toMatchObject({ dialect: 'openai-chat', model: 'm', messages: openai.messages })
    expect(conversationSchema.parse(c)).toEqual(c)

    c = removeComparePane(c, c.panes[3]!.id)
    c = removeComparePane(c, c.panes[2]!.id)
    expect(c.panes).toHaveLength(2)
    expect(removeComparePane(c, c.panes[1]!.id)).toBe(c)
  })

  it('does not switch mode with more than two panes (one pane per mode is set aside: replies would go)', () => {
    const four = addComparePane(
      addComparePane(switchCompareMode(conversation([openai]), 'p1', 'models', 'o'), 'p1'),
      'p1',
    )
    expect(four.panes).toHaveLength(4)
    expect(switchCompareMode(four, 'p1', 'off', 'o')).toBe(four)
    expect(addComparePane(conversation([openai]), 'p1').panes).toHaveLength(1)
  })
})
