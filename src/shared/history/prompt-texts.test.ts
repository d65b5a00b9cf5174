import { describe, expect, it } from 'vitest'
import type { Conversation } from './conversation'
import { promptTextsOf } from './prompt-texts'

describe('promptTextsOf', () => {
  it('lists every text a send carries: system prompts, message texts, tool calls and results, set-aside panes', () => {
    const conversation: Conversation = {
      version: 1,
      id: 'c',
      title: 't',
      createdAt: 1,
      updatedAt: 1,
      system: 'shared system',
      params: { stop: [], stream: true },
      panes: [
        {
          id: 'p1',
          dialect: 'openai-chat',
          model: 'm',
          settings: { system: 'own system', params: { stop: [], stream: true } },
          messages: [
            {
              id: 'u',
              role: 'user',
              content: [
                { type: 'text', text: 'question' },
                { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
              ],
            },
            {
              id: 'a',
              role: 'assistant',
              content: [{ type: 'tool-call', id: 'c1', name: 'get', arguments: '{"x":1}' }],
            },
            { id: 't', role: 'tool', toolCallId: 'c1', content: 'result' },
          ],
        },
      ],
      setAside: {
        models: {
          id: 'p2',
          dialect: 'openai-chat',
          model: 'n',
          messages: [{ id: 'r', role: 'assistant', content: [{ type: 'text', text: 'set aside reply' }] }],
        },
      },
    }
    expect(promptTextsOf(conversation)).toEqual([
      'shared system',
      'own system',
      'question',
      'get',
      '{"x":1}',
      'result',
      'set aside reply',
    ])
  })
})
