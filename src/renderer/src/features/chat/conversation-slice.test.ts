// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Conversation } from '@shared/history/conversation'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('./__fixtures__/fake-api')
  return { api: createFakeApi().api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { resetStore } = await import('@renderer/features/app/__fixtures__/reset-store')

const tuned: Conversation = {
  version: 1,
  id: 'conv-1',
  title: 'Tuned',
  createdAt: 1,
  updatedAt: 1,
  system: 'Answer in one sentence.',
  params: {
    temperature: 0.3,
    topP: 0.9,
    maxTokens: 300,
    stop: ['END'],
    stream: false,
    seed: 7,
    tools: [{ name: 'get_weather', description: 'w', parameters: { type: 'object', properties: {} } }],
    toolChoice: { name: 'get_weather' },
  },
  panes: [
    {
      id: 'p1',
      dialect: 'openai-chat',
      model: 'a',
      messages: [{ id: 'u1', role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    },
    { id: 'p2', dialect: 'anthropic-messages', model: 'a', messages: [] },
  ],
  compare: 'dialects',
}

describe('startNewConversation', () => {
  beforeEach(() => resetStore())

  it('starts an empty transcript that keeps the system prompt and every parameter', () => {
    const store = useAppStore.getState()
    store.replaceConversation(structuredClone(tuned))
    store.focusPane('p2')
    useAppStore.getState().startNewConversation()
    const fresh = useAppStore.getState().conversation
    expect(fresh.id).not.toBe(tuned.id)
    expect(fresh.params).toEqual(tuned.params)
    expect(fresh.system).toBe(tuned.system)
    // One pane, on the target of the pane the user was in.
    expect(fresh.panes).toHaveLength(1)
    expect(fresh.panes[0]).toMatchObject({ dialect: 'anthropic-messages', model: 'a', messages: [] })
  })
})
