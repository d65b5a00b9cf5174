import { describe, expect, it } from 'vitest'
import { LOCAL_PROFILE_ID } from '@shared/settings/settings-schema'
import { memorySecrets } from '@test/support/memory-secrets'
import { invokerOf, tempSettings } from './__fixtures__/handler-fixtures'
import { createSecretHandlers } from './secrets'

describe('secret handlers', () => {
  it("refuses to replace or remove the local gateway's key, which the app generated", async () => {
    const secrets = memorySecrets()
    await secrets.set(LOCAL_PROFILE_ID, 'sk-local-generated')
    const invoke = invokerOf(
      createSecretHandlers({
        settings: await tempSettings(),
        secrets,
        rememberKey: () => undefined,
        localApiKey: 'sk-local-generated',
      }),
    )
    const replaceLocal = await invoke('secrets:set', { profileId: 'local', key: 'sk-x-12345678' })
    expect(replaceLocal).toMatchObject({ ok: false, error: { code: 'local_profile' } })
    const removeLocal = await invoke('secrets:delete', { profileId: 'local' })
    expect(removeLocal).toMatchObject({ ok: false, error: { code: 'local_profile' } })
    expect(await secrets.get(LOCAL_PROFILE_ID)).toBe('sk-local-generated')
  })

  it('hands the renderer the status of a key and remembers the key for redaction, never returning it', async () => {
    const remembered: string[] = []
    const settings = await tempSettings()
    const { profile } = await settings.saveProfile({ name: 'Hosted', baseUrl: 'https://a.example.com/v1' })
    const invoke = invokerOf(
      createSecretHandlers({
        settings,
        secrets: memorySecrets(),
        rememberKey: (key) => remembered.push(key),
        localApiKey: 'sk-local-generated',
      }),
    )
    const set = await invoke('secrets:set', { profileId: profile.id, key: 'sk-hosted-secret-9876' })
    expect(set).toEqual({ ok: true, value: { hasKey: true, storage: 'session', last4: '9876' } })
    expect(remembered).toEqual(['sk-hosted-secret-9876'])
    const unknown = await invoke('secrets:set', { profileId: 'nobody', key: 'sk-nobody-1234' })
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_profile' } })
  })
})
