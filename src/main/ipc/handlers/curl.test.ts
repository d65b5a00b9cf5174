import { describe, expect, it } from 'vitest'
import { LOCAL_PROFILE_ID } from '@shared/settings/settings-schema'
import { LOCAL_BASE_URL, REQUEST, invokerOf, tempSettings } from './__fixtures__/handler-fixtures'
import { createCurlHandlers } from './curl'

const LOCAL_KEY = 'sk-local-abcdefghijklmnop'

describe('curl handlers', () => {
  it('copies the command with the local key and the simulated fault the panel shows', async () => {
    const clipboard: string[] = []
    const invoke = invokerOf(
      createCurlHandlers({
        abilities: { writeClipboard: (text) => clipboard.push(text) },
        settings: await tempSettings(),
        readKey: async (profileId) => (profileId === LOCAL_PROFILE_ID ? LOCAL_KEY : null),
      }),
    )
    const result = await invoke('curl:copy-with-key', {
      profileId: 'local',
      dialect: 'anthropic-messages',
      request: REQUEST,
      simulate: 'status=429',
    })
    expect(result).toMatchObject({ ok: true, value: { copied: true } })
    expect(clipboard).toHaveLength(1)
    expect(clipboard[0]).toContain(`${LOCAL_BASE_URL}/messages`)
    expect(clipboard[0]).toContain("-H 'x-simulate: status=429'")
    // The key itself is in the copy (that is the point of the action), never a placeholder.
    expect(clipboard[0]).not.toContain('$MODEL_GATEWAY_API_KEY')
    expect(clipboard[0]).toContain(`-H 'x-api-key: ${LOCAL_KEY}'`)
  })

  it('refuses simulated faults outside the local gateway, and copies nothing', async () => {
    const clipboard: string[] = []
    const settings = await tempSettings()
    const { profile } = await settings.saveProfile({
      name: 'Hosted',
      baseUrl: 'https://gateway.example.com/v1',
    })
    const invoke = invokerOf(
      createCurlHandlers({
        abilities: { writeClipboard: (text) => clipboard.push(text) },
        settings,
        readKey: async () => 'sk-hosted-1234567890',
      }),
    )
    const result = await invoke('curl:copy-with-key', {
      profileId: profile.id,
      dialect: 'openai-chat',
      request: REQUEST,
      simulate: 'status=429',
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'simulate_local_only' } })
    expect(clipboard).toEqual([])
  })

  it('never hands the key to a shell without a clipboard of its own (browser mode)', async () => {
    const invoke = invokerOf(
      createCurlHandlers({
        abilities: {},
        settings: await tempSettings(),
        readKey: async () => LOCAL_KEY,
      }),
    )
    const result = await invoke('curl:copy-with-key', {
      profileId: 'local',
      dialect: 'openai-chat',
      request: REQUEST,
    })
    expect(result).toMatchObject({ ok: true, value: { copied: false } })
    expect(JSON.stringify(result)).not.toContain(LOCAL_KEY)
  })
})
