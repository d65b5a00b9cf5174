import type { Conversation } from '@shared/history/conversation'

/** A saved one-turn conversation with the text model, as main stores it. */
export function savedConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    version: 1,
    id: 'conv-7d3f1e2a',
    title: 'Greeting test',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_100_000,
    system: 'Be brief.',
    params: { stop: [], stream: true, maxTokens: 256 },
    panes: [
      {
        id: 'pane-1',
        dialect: 'openai-chat',
        model: 'vendorb3.8-Flash-Next',
        messages: [
          { id: 'm1', role: 'user', content: [{ type: 'text', text: 'Say hello' }] },
          { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
        ],
      },
    ],
    ...overrides,
  }
}
