import { describe, expect, it } from 'vitest'
import { memorySecrets } from '@test/support/memory-secrets'
import { tempSettings, invokerOf, valueInvokerOf } from './__fixtures__/handler-fixtures'
import { cassetteFolderPath } from '@main/services/cassettes/cassette-folder-path'
import { createProfileHandlers } from './profiles'

/** The cassette side of the profile handlers: folders under a data folder, no replay gateway running. */
const CASSETTE_DEPS = {
  replays: { retain: async () => undefined, baseUrl: async () => 'http://127.0.0.1:9/v1' },
  cassetteFolder: (folder: string) => cassetteFolderPath('/data', folder),
}
import { createSecretHandlers } from './secrets'

async function profileAndSecretHandlers(events: string[] = []) {
  const settings = await tempSettings()
  const secrets = memorySecrets()
  return {
    ...createProfileHandlers({
      settings,
      secrets,
      emit: (channel) => events.push(channel),
      ...CASSETTE_DEPS,
    }),
    ...createSecretHandlers({ settings, secrets, rememberKey: () => undefined, localApiKey: 'sk-local-x' }),
  }
}

describe('profile handlers', () => {
  it('drops the key when an edit points the profile at another origin, and says so', async () => {
    const events: string[] = []
    const invoke = valueInvokerOf(await profileAndSecretHandlers(events))
    const created = await invoke('profiles:save', { name: 'Hosted', baseUrl: 'https://a.example.com/v1' })
    const id = created['id'] as string
    expect(created['keyRemovedNotice']).toBeUndefined()
    expect(events).toEqual(['profiles:changed'])
    await invoke('secrets:set', { profileId: id, key: 'sk-origin-key-1234' })

    // Same origin, other path: the key stays.
    const samePlace = await invoke('profiles:save', {
      id,
      name: 'Hosted',
      baseUrl: 'https://a.example.com/v2',
    })
    expect(samePlace['keyRemovedNotice']).toBeUndefined()
    expect(await invoke('secrets:status', { profileId: id })).toMatchObject({ hasKey: true })

    // Another host: the key is gone before the new address is saved, and the user is told.
    const moved = await invoke('profiles:save', { id, name: 'Hosted', baseUrl: 'https://b.example.com/v1' })
    expect(moved['keyRemovedNotice']).toBe(
      'The key of "Hosted" was removed: it was given for https://a.example.com, and the base URL now points to https://b.example.com. Enter the key again if this server should have it.',
    )
    expect(await invoke('secrets:status', { profileId: id })).toMatchObject({ hasKey: false })

    // Moving again without a key: nothing to remove, nothing to say.
    const again = await invoke('profiles:save', { id, name: 'Hosted', baseUrl: 'https://c.example.com/v1' })
    expect(again['keyRemovedNotice']).toBeUndefined()
  })

  it('saves a plain-http profile on another machine with a warning, and loopback http without one', async () => {
    const invoke = invokerOf(await profileAndSecretHandlers())
    const remote = await invoke('profiles:save', {
      name: 'Office',
      baseUrl: 'http://gateway.office.lan:8080/v1',
    })
    expect(remote).toMatchObject({ ok: true, value: { baseUrl: 'http://gateway.office.lan:8080/v1' } })
    expect((remote as { value: { warnings: string[] } }).value.warnings).toEqual([
      expect.stringMatching(/^Plain http:\/\/ to gateway\.office\.lan:8080: .*unencrypted/),
    ])
    const loopback = await invoke('profiles:save', {
      name: 'Here',
      baseUrl: 'http://127.0.0.1:9999/v1',
    })
    expect((loopback as { value: { warnings?: string[] } }).value.warnings).toBeUndefined()
  })

  it("removes a profile's key with the profile", async () => {
    const settings = await tempSettings()
    const secrets = memorySecrets()
    const invoke = valueInvokerOf(
      createProfileHandlers({ settings, secrets, emit: () => undefined, ...CASSETTE_DEPS }),
    )
    const { id } = (await invoke('profiles:save', {
      name: 'Hosted',
      baseUrl: 'https://a.example.com/v1',
    })) as {
      id: string
    }
    await secrets.set(id, 'sk-removed-with-it-1234')
    await invoke('profiles:remove', { profileId: id })
    expect(await secrets.status(id)).toMatchObject({ hasKey: false })
    expect(settings.profiles().map((profile) => profile.id)).not.toContain(id)
  })

  it('saves a replay profile and a recording folder checked at the IPC edge: no going up, no relative surprise', async () => {
    const invoke = invokerOf(await profileAndSecretHandlers())
    const replay = await invoke('profiles:save-replay', {
      name: 'Replay',
      folder: ' team-tapes ',
      speed: 'instant',
    })
    expect(replay).toMatchObject({
      ok: true,
      value: { kind: 'replay', catalogSource: 'bundled', replay: { folder: 'team-tapes', speed: 'instant' } },
    })
    for (const folder of ['../../.ssh', 'tapes/../..', 'C:\\tapes', '.']) {
      const refused = await invoke('profiles:save-replay', { name: 'Bad', folder, speed: 1 })
      expect(refused).toMatchObject({ ok: false })
      const recording = await invoke('profiles:save', {
        name: 'Bad',
        baseUrl: 'https://a.example.com/v1',
        recordTo: folder,
      })
      expect(recording).toMatchObject({ ok: false })
    }
    const speeds = await invoke('profiles:save-replay', { name: 'Fast', folder: 'x', speed: 4 })
    expect(speeds).toMatchObject({ ok: false })

    const recorder = await invoke('profiles:save', {
      name: 'Hosted',
      baseUrl: 'https://a.example.com/v1',
      recordTo: '/srv/tapes',
    })
    expect(recorder).toMatchObject({ ok: true, value: { kind: 'remote', recordTo: '/srv/tapes' } })
    const list = await invoke('profiles:list', undefined)
    const names = (list as { value: { profiles: { name: string; kind: string }[] } }).value.profiles
    expect(names.map((p) => `${p.name}:${p.kind}`)).toEqual([
      'Local gateway:local',
      'Replay:replay',
      'Hosted:remote',
    ])
  })

  it('an edit keeps a profile of its kind: a replay profile is not edited as a remote one, nor the reverse', async () => {
    const invoke = invokerOf(await profileAndSecretHandlers())
    const replay = (await invoke('profiles:save-replay', { name: 'Replay', folder: 'a', speed: 1 })) as {
      value: { id: string }
    }
    const asRemote = await invoke('profiles:save', {
      id: replay.value.id,
      name: 'Now remote',
      baseUrl: 'https://a.example.com/v1',
    })
    expect(asRemote).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/is not a remote profile/) },
    })
  })
})
