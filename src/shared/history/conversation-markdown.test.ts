import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Conversation } from './conversation'
import { conversationToMarkdown } from './conversation-markdown'

const base: Conversation = {
  version: 1,
  id: 'c1',
  title: 'Capital\nquestion',
  createdAt: 1,
  updatedAt: 2,
  system: 'Be brief.',
  params: { stop: [], stream: true },
  panes: [
    {
      id: 'p1',
      dialect: 'openai-chat',
      model: 'm',
      messages: [
        {
          id: 'u1',
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this image?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'AAAA' } },
          ],
        },
        {
          id: 'a1',
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
        },
        { id: 't1', role: 'tool', toolCallId: 'call_1', content: 'sunny' },
        { id: 'a2', role: 'assistant', content: [{ type: 'text', text: 'It is **sunny**.' }] },
      ],
    },
  ],
}

describe('conversationToMarkdown', () => {
  it('writes the title, the system prompt and each turn under its role, images named not embedded', () => {
    const markdown = conversationToMarkdown(base)
    expect(markdown).toBe(
      [
        '# Capital question',
        '',
        '## System',
        '',
        'Be brief.',
        '',
        '## User',
        '',
        'What is in this image?',
        '',
        '_[image: image/png]_',
        '',
        '## Assistant',
        '',
        'Tool call `get_weather` (call_1):\n\n```json\n{"city":"Oslo"}\n```',
        '',
        '## Tool result (call_1)',
        '',
        '```\nsunny\n```',
        '',
        '## Assistant',
        '',
        'It is **sunny**.',
        '',
      ].join('\n'),
    )
    expect(markdown).not.toContain('AAAA')
  })

  it('heads each pane with its model and dialect when there are several', () => {
    const pane = base.panes[0]!
    const two: Conversation = {
      ...base,
      panes: [pane, { ...pane, id: 'p2', dialect: 'anthropic-messages', model: 'other' }],
    }
    const markdown = conversationToMarkdown(two)
    expect(markdown).toContain('## Pane 1: m (openai-chat)\n\n### User')
    expect(markdown).toContain('## Pane 2: other (anthropic-messages)\n\n### User')
  })

  it('keeps any tool result verbatim inside its fence, whatever backticks it holds', () => {
    fc.assert(
      fc.property(fc.string(), (content) => {
        const conversation: Conversation = {
          ...base,
          panes: [{ ...base.panes[0]!, messages: [{ id: 't', role: 'tool', toolCallId: 'x', content }] }],
        }
        const markdown = conversationToMarkdown(conversation)
        const block = /\n(`{3,})\n([\s\S]*)\n\1\n/.exec(markdown)
        expect(block?.[2]).toBe(content)
        expect(content).not.toContain(block?.[1])
      }),
    )
  })

  it("quotes a reply's thinking line by line before its text, and says where thinking was redacted", () => {
    const conversation: Conversation = {
      ...base,
      panes: [
        {
          ...base.panes[0]!,
          messages: [
            {
              id: 'a',
              role: 'assistant',
              content: [
                { type: 'reasoning', text: 'First a thought.\n\nThen another.', signature: 'sig' },
                { type: 'redacted-reasoning', data: 'opaque' },
                { type: 'text', text: 'The answer.' },
              ],
            },
          ],
        },
      ],
    }
    const markdown = conversationToMarkdown(conversation)
    expect(markdown).toContain(
      '> _Thinking:_\n>\n> First a thought.\n>\n> Then another.\n\n_[thinking redacted by the provider]_\n\nThe answer.',
    )
    expect(markdown).not.toContain('sig')
    expect(markdown).not.toContain('opaque')
  })
})
