// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import type { Profile } from '@shared/settings/settings-schema'
import { SIMULATE_HEADER } from '@shared/runs/simulate-header'
import type { FakeApi } from '@renderer/features/chat/__fixtures__/fake-api'

const fake = vi.hoisted(() => ({ current: undefined as FakeApi | undefined }))
vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  fake.current = createFakeApi()
  return { api: fake.current.api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { selectNextRequestInputs } = await import('./use-next-requests')
const { buildNextRequest } = await import('./next-request')

const api = (): FakeApi => fake.current!
const CATALOG = buildCatalog()
const MODEL = CATALOG[1]!.model

const LOCAL: Profile = {
  id: 'local',
  name: 'Local gateway',
  kind: 'local',
  baseUrl: 'http://127.0.0.1:1/v1',
  catalogSource: 'gateway',
}
const REMOTE: Profile = {
  id: 'team',
  name: 'Team',
  kind: 'remote',
  baseUrl: 'https://gateway.example.com/v1',
  catalogSource: 'gateway',
}

/**
 * Where the app can be when Send is pressed: profiles loaded or not yet (`profiles:list` has not
 * answered), local or remote active, a fault picked or not.
 */
const situations = [
  { name: 'local profile loaded', profiles: [LOCAL, REMOTE], active: 'local' },
  { name: 'remote profile loaded', profiles: [LOCAL, REMOTE], active: 'team' },
  { name: 'profiles not loaded yet, local active', profiles: [], active: 'local' },
  { name: 'profiles not loaded yet, remote active', profiles: [], active: 'team' },
].flatMap((situation) =>
  ['', 'status=429', ' midstream-error '].map((simulate) => ({ ...situation, simulate })),
)

beforeEach(() => api().reset({ handlers: true }))

describe('the curl preview and the send', () => {
  it.each(situations)(
    'agree on the fault-injection header: $name, simulate "$simulate"',
    async (situation) => {
      useAppStore.setState({
        profiles: situation.profiles,
        activeProfileId: situation.active,
        catalogs: { [situation.active]: { status: 'ready', models: CATALOG } },
        runs: {},
        activeRunIds: [],
        pendingStarts: {},
        simulate: situation.simulate,
      })
      useAppStore.getState().replaceConversation({
        version: 1,
        id: `conv-${situation.name}-${situation.simulate}`,
        title: 'New conversation',
        createdAt: 1,
        updatedAt: 1,
        system: '',
        params: { stop: [], stream: true },
        panes: [{ id: 'p1', dialect: 'openai-chat', model: MODEL, messages: [] }],
      })
      useAppStore.getState().setDraftText('hi')

      // What the preview shows (its inputs, and the header of the command once a base URL is known)…
      const inputs = selectNextRequestInputs(useAppStore.getState())
      const pane = inputs.conversation.panes[0]!
      const preview = buildNextRequest(
        { ...inputs, baseUrl: inputs.baseUrl ?? 'http://127.0.0.1:2/v1' },
        pane,
      )
      if (!preview.ok) throw new Error(preview.message)

      // …and what Send hands to main.
      await useAppStore.getState().send()
      const [start] = api().callsTo('chat:start')
      const sent = (start?.input as { simulate?: string } | undefined)?.simulate ?? ''

      expect(inputs.simulate).toBe(sent)
      expect(preview.http.headers[SIMULATE_HEADER] ?? '').toBe(sent)
      // The local gateway's faults only, trimmed as the select offers them.
      const local = situation.active === 'local'
      expect(sent).toBe(local ? situation.simulate.trim() : '')
    },
  )
})
