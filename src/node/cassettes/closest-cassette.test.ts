import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { closestCandidate, requestDifferences } from './closest-cassette'

const turn = (text: string, role: 'user' | 'assistant' = 'user') =>
  role === 'user'
    ? { role, content: [{ type: 'text' as const, text }] }
    : { role, content: [{ type: 'text' as const, text }] }
const request = (texts: string[], extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'm',
  messages: texts.map((t, i) => turn(t, i % 2 === 0 ? 'user' : 'assistant')),
  stream: true,
  ...extra,
})

describe('requestDifferences', () => {
  it('names fields, the first differing message, or a conversation that goes on further', () => {
    expect(requestDifferences(request(['a', 'b', 'c']), request(['a', 'x', 'c']))).toEqual(['messages[1]'])
    expect(requestDifferences(request(['a']), request(['a', 'b', 'c']))).toEqual(['messages (1 vs 3)'])
    expect(requestDifferences(request(['a'], { temperature: 1 }), request(['a'], { seed: 3 }))).toEqual([
      'seed',
      'temperature',
    ])
  })

  it('ignores how the reply travels: stream and includeUsage', () => {
    expect(requestDifferences(request(['a']), request(['a'], { stream: false, includeUsage: true }))).toEqual(
      [],
    )
  })
})

describe('closestCandidate', () => {
  it('prefers the same model, then the longest shared conversation, then the fewest other differences', () => {
    const wanted = request(['a', 'b', 'c'], { temperature: 0.2 })
    const candidates = [
      { name: 'other-model.json', request: request(['a', 'b', 'c'], { model: 'n', temperature: 0.2 }) },
      { name: 'shares-one.json', request: request(['a', 'z', 'c'], { temperature: 0.2 }) },
      { name: 'shares-two.json', request: request(['a', 'b', 'y'], { temperature: 0.9, seed: 1 }) },
      { name: 'shares-two-closer.json', request: request(['a', 'b', 'y'], { temperature: 0.9 }) },
    ]
    expect(closestCandidate(wanted, candidates)).toEqual({
      name: 'shares-two-closer.json',
      differences: ['messages[2]', 'temperature'],
    })
    // Whatever order the folder was listed in.
    expect(closestCandidate(wanted, candidates.toReversed())?.name).toBe('shares-two-closer.json')
    expect(closestCandidate(wanted, [])).toBeUndefined()
  })

  it('breaks a tie by file name', () => {
    const wanted = request(['a'])
    const same = request(['b'])
    expect(
      closestCandidate(wanted, [
        { name: 'b.json', request: same },
        { name: 'a.json', request: same },
      ])?.name,
    ).toBe('a.json')
  })
})
