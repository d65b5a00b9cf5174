import { describe, expect, it } from 'vitest'
import type { StoredMessage } from '@shared/history/conversation'
import { canCacheMessage, messageCache, withMessageCache } from './transcript-edits'

const user: StoredMessage = {
  id: 'u',
  role: 'user',
  content: [
    { type: 'text', text: 'Look:' },
    { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
  ],
}
const assistant: StoredMessage = {
  id: 'a',
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'Hmm.', signature: 's' },
    { type: 'text', text: 'Calling.' },
    { type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' },
  ],
}
const tool: StoredMessage = { id: 't', role: 'tool', toolCallId: 'c1', content: 'ok' }

describe('a cache breakpoint after a message', () => {
  it('sits on its last part (text, image or tool call; never thinking), and comes off again', () => {
    const cached = withMessageCache(user, { ttl: '1h' })
    expect(cached.role === 'user' && cached.content[1]).toEqual({ ...user.content[1], cache: { ttl: '1h' } })
    expect(messageCache(cached)).toEqual({ ttl: '1h' })
    expect(withMessageCache(cached, undefined)).toEqual(user)

    const reply = withMessageCache(assistant, {})
    expect(reply.role === 'assistant' && reply.content.map((part) => 'cache' in part)).toEqual([
      false,
      false,
      true,
    ])
    // The thinking block, signature and all, is untouched: it must go back as it came.
    expect(reply.role === 'assistant' && reply.content[0]).toBe(assistant.content[0])

    expect(messageCache(withMessageCache(tool, {}))).toEqual({})
    expect(withMessageCache(withMessageCache(tool, {}), undefined)).toEqual(tool)
  })

  it('cannot sit after a reply that only thought', () => {
    const thinking: StoredMessage = {
      id: 'x',
      role: 'assistant',
      content: [{ type: 'reasoning', text: 'Hmm.' }],
    }
    expect(canCacheMessage(thinking)).toBe(false)
    expect(withMessageCache(thinking, {})).toBe(thinking)
    expect(canCacheMessage(tool) && canCacheMessage(user) && canCacheMessage(assistant)).toBe(true)
  })
})
