// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import fc from 'fast-check'
import type { Conversation, StoredMessage } from '@shared/history/conversation'
import { findRequestVariables } from '@shared/templates/template'
import { toChatMessage } from '@shared/history/pane-request'
import { paneSettings } from '@shared/history/pane-settings'
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
    const sent = api().started()[0]!.request
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

describe('the variables of a transcript, cached per message', () => {
  const name = fc.constantFrom('a', 'b', 'city', 'lang', 'x_1')
  const text = fc
    .array(
      fc.oneof(
        fc.constantFrom('plain ', '{{ ', '}} ', '{'),
        name.map((n) => `{{${n}}}`),
      ),
      { maxLength: 6 },
    )
    .map((pieces) => pieces.join(''))
  const message = fc
    .tuple(fc.uuid(), fc.constantFrom('user' as const, 'assistant' as const), text)
    .map(([id, role, value]): StoredMessage => ({ id, role, content: [{ type: 'text', text: value }] }))
  /** Uncached: every text of every pane's request, system first, in order of first use. */
  const expected = (conversation: Conversation): string[] => {
    const names = new Set<string>()
    for (const pane of conversation.panes) {
      const system = paneSettings(conversation, pane).system
      for (const found of findRequestVariables({ system, messages: pane.messages.map(toChatMessage) }))
        names.add(found)
    }
    return [...names]
  }

  it('are what a full scan finds, also after a message is replaced (a streaming reply) or appended', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(message, { maxLength: 8 }),
        message,
        fc.nat(),
        (system, messages, next, at) => {
          const first: Conversation = {
            version: 1,
            id: 'c',
            title: 't',
            createdAt: 1,
            updatedAt: 1,
            system,
            params: { stop: [], stream: true },
            panes: [{ id: 'p1', dialect: 'openai-chat', model: 'm', messages }],
          }
          expect(conversationVariables(first, { text: '', images: [] })).toEqual(expected(first))
          const replaced =
            messages.length === 0 ? [next] : messages.map((m, i) => (i === at % messages.length ? next : m))
          for (const changed of [replaced, [...messages, next]]) {
            const later = { ...first, panes: [{ ...first.panes[0]!, messages: changed }] }
            expect(conversationVariables(later, { text: '', images: [] })).toEqual(expected(later))
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
