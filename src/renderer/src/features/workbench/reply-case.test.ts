import { describe, expect, it } from 'vitest'
import type { Conversation } from '@shared/history/conversation'
import { caseFromReply, expectationFromReply } from './reply-case'

const conversation: Conversation = {
  version: 1,
  id: 'c',
  title: 't',
  createdAt: 1,
  updatedAt: 1,
  system: 'Answer in {{lang}}.',
  params: { stop: [], stream: true },
  variables: { city: 'Oslo', lang: 'English' },
  panes: [
    {
      id: 'p1',
      dialect: 'openai-chat',
      model: 'm',
      messages: [
        { id: 'u1', role: 'user', content: [{ type: 'text', text: 'Tell me about {{city}}.' }] },
        { id: 'a1', role: 'assistant', content: [{ type: 'text', text: 'Oslo is the capital of Norway.' }] },
      ],
    },
  ],
}

describe('expectationFromReply', () => {
  it('expects a short one-line reply exactly, a longer one by its first line, always on one line', () => {
    expect(expectationFromReply('  Paris.\n')).toEqual({ type: 'equals', value: 'Paris.' })
    expect(expectationFromReply('Paris.\n\nIt is in France.')).toEqual({ type: 'contains', value: 'Paris.' })
    const long = expectationFromReply(`${'word '.repeat(60)}end`)
    expect(long?.type).toBe('contains')
    expect(long?.type === 'contains' && long.value.length).toBeLessThanOrEqual(200)
    expect(long?.type === 'contains' && long.value.endsWith('word')).toBe(true)
    expect(expectationFromReply('  \n')).toBeUndefined()
  })
})

describe('caseFromReply', () => {
  it('takes the turn as written, the conversation variables and the reply as the expectation', () => {
    expect(caseFromReply(conversation, 'p1', 'a1', new Set(['chat-1']))).toEqual({
      prompt: { system: 'Answer in {{lang}}.', user: 'Tell me about {{city}}.' },
      testCase: {
        id: 'chat-2',
        vars: { city: 'Oslo', lang: 'English' },
        graders: [{ type: 'equals', value: 'Oslo is the capital of Norway.' }],
      },
    })
  })

  it('says why a message cannot be a case', () => {
    expect(caseFromReply(conversation, 'p1', 'u1', new Set())).toEqual({
      error: 'That message is not a reply.',
    })
    const noTurn: Conversation = {
      ...conversation,
      panes: [{ ...conversation.panes[0]!, messages: conversation.panes[0]!.messages.slice(1) }],
    }
    expect(caseFromReply(noTurn, 'p1', 'a1', new Set())).toEqual({
      error: 'That reply answers no message of yours.',
    })
  })
})
