// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Conversation } from '@shared/history/conversation'
import type { FakeApi } from '@renderer/features/chat/__fixtures__/fake-api'

const fake = vi.hoisted(() => ({ api: null as unknown as FakeApi }))
vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  fake.api = createFakeApi()
  return { api: fake.api.api, shell: 'browser' }
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

describe('saveConversation', () => {
  beforeEach(() => {
    resetStore()
    fake.api.reset({ handlers: true })
  })

  it('sends only the turns added since the conversation was opened, and a full save after an edit', async () => {
    fake.api.handle('history:append', () => ({ savedAt: 2 }))
    const store = useAppStore.getState()
    store.replaceConversation(structuredClone(tuned))
    const turn = { id: 'u2', role: 'user' as const, content: [{ type: 'text' as const, text: 'again' }] }
    store.insertMessageAfter('p1', 'u1', turn) // saves
    await vi.waitFor(() => expect(fake.api.callsTo('history:append')).toHaveLength(1))
    const appends = fake.api.callsTo('history:append')
    expect(appends[0]?.input).toMatchObject({
      panes: [
        { from: 1, messages: [turn] },
        { from: 0, messages: [] },
      ],
    })
    expect(fake.api.callsTo('history:save')).toHaveLength(0)

    // An edit of a recent turn replaces it and what follows (an edit further back is a full save:
    // conversation-append.test.ts).
    useAppStore.getState().editMessageText('p1', 'u1', 'hello') // saves
    await vi.waitFor(() => expect(fake.api.callsTo('history:append')).toHaveLength(2))
    expect(fake.api.callsTo('history:append')[1]?.input).toMatchObject({
      panes: [
        { from: 0, had: 2, messages: [{ id: 'u1', content: [{ type: 'text', text: 'hello' }] }, turn] },
        { from: 0, messages: [] },
      ],
    })
    expect(fake.api.callsTo('history:save')).toHaveLength(0)
  })

  it('saves the whole conversation when main refuses the append', async () => {
    fake.api.handle('history:append', () => {
      throw new Error('stale')
    })
    const store = useAppStore.getState()
    store.replaceConversation(structuredClone(tuned))
    store.insertMessageAfter('p1', 'u1', { id: 'u2', role: 'user', content: [{ type: 'text', text: 'x' }] })
    await vi.waitFor(() => expect(fake.api.callsTo('history:save')).toHaveLength(1))
    expect(fake.api.callsTo('history:append')).toHaveLength(1)
    const saved = fake.api.callsTo('history:save').at(-1)?.input as Conversation
    expect(saved.panes[0]?.messages.map((m) => m.id)).toEqual(['u1', 'u2'])
  })
})
