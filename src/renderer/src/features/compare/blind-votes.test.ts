import { describe, expect, it } from 'vitest'
import type { Conversation, Pane, StoredMessage } from '@shared/history/conversation'
import { canVote, labelsHidden, scoreboard, withVote } from './blind-votes'
import { conversationOf } from '@renderer/features/chat/__fixtures__/conversation-of'

const turn = (id: string): StoredMessage => ({ id, role: 'user', content: [{ type: 'text', text: 'q' }] })
const answer = (id: string): StoredMessage => ({
  id,
  role: 'assistant',
  content: [{ type: 'text', text: 'a' }],
  reply: {
    dialect: 'openai-chat',
    model: 'm',
    state: 'completed',
    metrics: {},
    adjustments: [],
    createdAt: 1,
  },
})
const pane = (id: string, model: string, messages: StoredMessage[]): Pane => ({
  id,
  dialect: 'openai-chat',
  model,
  messages,
})
const blindConversation = (panes: Pane[]): Conversation =>
  conversationOf(panes, {
    params: { stop: [], stream: true, temperature: 0.2 },
    unlinked: ['temperature'],
    blind: true,
  })

describe('blind votes', () => {
  it('hides the labels until the latest turn has a vote, then again for the next turn', () => {
    let conversation = blindConversation([
      pane('a', 'model-a', [turn('t1'), answer('r1')]),
      {
        ...pane('b', 'model-b', [turn('t1'), answer('r2')]),
        settings: { system: '', params: { stop: [], stream: true, temperature: 1 } },
      },
    ])
    expect([labelsHidden(conversation), canVote(conversation)]).toEqual([true, true])
    conversation = withVote(conversation, 1, 5)
    expect(conversation.votes).toEqual([
      {
        turnId: 't1',
        winner: 1,
        contenders: [
          { model: 'model-a', dialect: 'openai-chat', settings: 'Temperature 0.2' },
          { model: 'model-b', dialect: 'openai-chat', settings: 'Temperature 1' },
        ],
        at: 5,
      },
    ])
    expect([labelsHidden(conversation), canVote(conversation)]).toEqual([false, false])
    // One vote per turn.
    expect(withVote(conversation, 0, 6)).toBe(conversation)
    const next = {
      ...conversation,
      panes: conversation.panes.map((p) => ({ ...p, messages: [...p.messages, turn('t2')] })),
    }
    expect([labelsHidden(next), canVote(next)]).toEqual([true, false])
  })

  it('is not blind without the flag or with one pane', () => {
    const two = [pane('a', 'x', [turn('t1'), answer('r1')]), pane('b', 'y', [turn('t1'), answer('r2')])]
    expect(labelsHidden({ ...blindConversation(two), blind: false })).toBe(false)
    expect(labelsHidden(blindConversation(two.slice(0, 1)))).toBe(false)
  })

  it('counts wins, ties and votes per model · dialect · settings, most wins first', () => {
    const contenders = [
      { model: 'x', dialect: 'openai-chat' as const, settings: '' },
      { model: 'y', dialect: 'anthropic-messages' as const, settings: 'Temperature 1' },
    ]
    const rows = scoreboard([
      { turnId: '1', winner: 1, contenders, at: 1 },
      { turnId: '2', winner: 'tie', contenders, at: 2 },
      { turnId: '3', winner: 1, contenders, at: 3 },
    ])
    expect(rows).toEqual([
      { label: 'y · Anthropic (messages) · Temperature 1', wins: 2, ties: 1, votes: 3 },
      { label: 'x · OpenAI (chat completions)', wins: 0, ties: 1, votes: 3 },
    ])
  })
})
