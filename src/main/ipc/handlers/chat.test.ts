import { describe, expect, it } from 'vitest'
import type { CatalogLoader } from '../../services/catalog/catalog-loader'
import type { RunRegistry } from '../../services/runs'
import { REQUEST, invokerOf, tempSettings } from './__fixtures__/handler-fixtures'
import { createChatHandlers } from './chat'

/** A run registry that only records what it was asked to start. */
function recordingRuns(started: unknown[]): RunRegistry {
  return {
    start: (input) => {
      started.push(input)
      return { runId: `run-${started.length}` }
    },
    cancel: () => undefined,
    cancelAll: () => undefined,
    active: () => 0,
  }
}

describe('chat handlers', () => {
  it('runs simulated faults on the local gateway only', async () => {
    const settings = await tempSettings()
    const { profile } = await settings.saveProfile({
      name: 'Hosted',
      baseUrl: 'https://gateway.example.com/v1',
    })
    const started: unknown[] = []
    const invoke = invokerOf(
      createChatHandlers({ settings, catalogs: {} as CatalogLoader, runs: recordingRuns(started) }),
    )
    const input = { dialect: 'openai-chat', request: REQUEST, simulate: 'status=429' }
    const hosted = await invoke('chat:start', { ...input, profileId: profile.id })
    expect(hosted).toMatchObject({ ok: false, error: { code: 'simulate_local_only' } })
    expect(started).toEqual([])

    const local = await invoke('chat:start', { ...input, profileId: 'local' })
    expect(local).toEqual({ ok: true, value: { runId: 'run-1' } })
    expect(started).toMatchObject([{ profileId: 'local', simulate: 'status=429' }])
  })
})
