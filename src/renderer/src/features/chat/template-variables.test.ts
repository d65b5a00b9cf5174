// @vitest-environment happy-dom
import fc from 'fast-check'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import type { ChatRequest } from '@shared/chat/chat-request'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import type { FakeApi } from '@renderer/features/chat/__fixtures__/fake-api'

const fake = vi.hoisted(() => ({ current: undefined as FakeApi | undefined }))
vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  fake.current = createFakeApi()
  return { api: fake.current.api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { selectNextRequestInputs } = await import('@renderer/features/curl/use-next-requests')
const { buildNextRequest } = await import('@renderer/features/curl/next-request')
const { conversationVariables, missingTemplateValues } = await import('./template-variables')
const { findRequestVariables } = await import('@shared/eval/template')
const { toChatMessage } = await import('./pane-request')
const { paneSettings } = await import('./pane-settings')

const api = (): FakeApi => fake.current!
const MODEL = buildCatalog()[1]!.model

function open(extra: Partial<Conversation>, draft: string): void {
  useAppStore.setState({
    profiles: [
      {
        id: 'local',
        name: 'Local',
        kind: 'local',
        baseUrl: 'http://127.0.0.1:1/v1',
        catalogSource: 'gateway',
      },
    ],
    activeProfileId: 'local',
    catalogs: { local: { status: 'ready', models: buildCatalog() } },
    runs: {},
    activeRunIds: [],
    pendingStarts: {},
  })
  useAppStore.getState().replaceConversation({
    version: 1,
    id: `conv-${Math.random().toString(36).slice(2)}`,
    title: 'New conversation',
    createdAt: 1,
    updatedAt: 1,
    system: 'Answer in {{lang}}.',
    params: { stop: [], stream: true },
    panes: [{ id: 'p1', dialect: 'openai-chat', model: MODEL, messages: [] }],
    ...extra,
  })
  useAppStore.getState().setDraftText(draft)
}

function preview(): ReturnType<typeof buildNextRequest> {
  const inputs = selectNextRequestInputs(useAppStore.getState())
  return buildNextRequest({ ...inputs, baseUrl: 'http://127.0.0.1:2/v1' }, inputs.conversation.panes[0]!)
}

beforeEach(() => api().reset({ handlers: true }))

describe('{{variables}} in a conversation', () => {
  it('are detected as typed, and the preview and the send fill them the same way', async () => {
    open({}, 'Tell me about {{city}}.')
    expect(
      conversationVariables(useAppStore.getState().conversation, useAppStore.getState().composer),
    ).toEqual(['lang', 'city'])
    useAppStore.getState().setTemplateValue('lang', 'Norwegian')
    useAppStore.getState().setTemplateValue('city', 'Oslo')
    const shown = preview()
    if (!shown.ok) throw new Error(shown.message)
    await useAppStore.getState().send()
    const sent = (api().callsTo('chat:start')[0]?.input as { request: ChatRequest }).request
    expect(sent).toEqual(shown.request)
    expect(sent.system).toBe('Answer in Norwegian.')
    expect(sent.messages.at(-1)?.content).toEqual([{ type: 'text', text: 'Tell me about Oslo.' }])
    expect(shown.http.body).toContain('Tell me about Oslo.')
    // The transcript keeps the template; the values stay with the conversation.
    const pane = useAppStore.getState().conversation.panes[0]!
    expect(pane.messages[0]?.content).toEqual([{ type: 'text', text: 'Tell me about {{city}}.' }])
    expect(useAppStore.getState().conversation.variables).toEqual({ lang: 'Norwegian', city: 'Oslo' })
  })

  it('a missing value: the preview and the composer check both name it', async () => {
    open({ variables: { lang: 'Norwegian' } }, 'Tell me about {{city}}.')
    const shown = preview()
    expect(shown.ok).toBe(false)
    expect(!shown.ok && shown.message).toContain('{{city}}')
    expect(missingTemplateValues(useAppStore.getState().conversation, useAppStore.getState().composer)).toBe(
      '{{city}}',
    )
  })

  it('without values the text is sent as written (a prompt about Mustache templates stays one)', async () => {
    open({}, 'What does {{name}} do in Mustache?')
    const shown = preview()
    if (!shown.ok) throw new Error(shown.message)
    expect(shown.request.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'What does {{name}} do in Mustache?' },
    ])
  })
})

describe('the variables form of a long transcript', () => {
  /** What the sends of the conversation's panes would fill, read from each pane's request as a whole. */
  function variablesOfRequests(conversation: Conversation): string[] {
    const names = new Set<string>()
    for (const pane of conversation.panes) {
      const request = {
        system: paneSettings(conversation, pane).system,
        messages: pane.messages.map(toChatMessage),
      }
      for (const name of findRequestVariables(request)) names.add(name)
    }
    return [...names]
  }

  const text = fc
    .array(fc.constantFrom('plain ', '{{a}} ', '{{ b }} ', '{{c}}', '{{', '}} ', '{{two words}} '), {
      maxLength: 6,
    })
    .map((pieces) => pieces.join(''))
  const message = fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), text })
  const panes = fc.array(fc.array(message, { maxLength: 6 }), { minLength: 1, maxLength: 2 })

  it('lists what the requests fill, in order, also after a message changed (a streamed frame)', () => {
    fc.assert(
      fc.property(panes, text, text, fc.nat(), (paneMessages, system, grown, pick) => {
        const conversation: Conversation = {
          version: 1,
          id: 'c',
          title: 't',
          createdAt: 1,
          updatedAt: 1,
          system,
          params: { stop: [], stream: true },
          panes: paneMessages.map((messages, p) => ({
            id: `p${p}`,
            dialect: 'openai-chat',
            model: MODEL,
            messages: messages.map((m, i) => ({
              id: `m${p}-${i}`,
              role: m.role,
              content: [{ type: 'text', text: m.text }],
            })),
          })),
        }
        const draft = { text: '', images: [] }
        expect(conversationVariables(conversation, draft)).toEqual(variablesOfRequests(conversation))
        // One message replaced by a longer text, as the run pump does: a new conversation and message.
        const all = conversation.panes.flatMap((pane) => pane.messages)
        const target = all[pick % Math.max(1, all.length)]
        if (target === undefined || target.role === 'tool') return
        const more = { type: 'text' as const, text: grown }
        const grownMessage: StoredMessage =
          target.role === 'user'
            ? { ...target, content: [...target.content, more] }
            : { ...target, content: [...target.content, more] }
        const next: Conversation = {
          ...conversation,
          updatedAt: 2,
          panes: conversation.panes.map((pane) => ({
            ...pane,
            messages: pane.messages.map((m) => (m === target ? grownMessage : m)),
          })),
        }
        expect(conversationVariables(next, draft)).toEqual(variablesOfRequests(next))
      }),
    )
  })
})
