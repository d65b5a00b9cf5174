import { mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Profile } from '@shared/settings/settings-schema'
import { createSettingsService } from './settings-service'

const LOCAL: Profile = {
  id: 'local',
  name: 'Local gateway',
  kind: 'local',
  baseUrl: 'http://127.0.0.1:1/v1',
  catalogSource: 'gateway',
}

async function service() {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'settings-service-'))
  const settings = await createSettingsService({ userDataDir, localProfile: () => LOCAL })
  const saved = async (): Promise<string> => readFile(path.join(userDataDir, 'settings.json'), 'utf8')
  return { settings, saved }
}

describe('saveProfile and the origin of a profile', () => {
  it('calls onOriginChange before saving when the scheme, host or port changes, and only then', async () => {
    const { settings, saved } = await service()
    const calls: Array<{ before: Profile; fileAtCall: string }> = []
    const hooks = {
      onOriginChange: async (before: Profile) => {
        calls.push({ before, fileAtCall: await saved() })
      },
    }
    const { profile } = await settings.saveProfile({ name: 'P', baseUrl: 'https://a.example/v1' }, hooks)
    const edit = (baseUrl: string) => settings.saveProfile({ id: profile.id, name: 'P', baseUrl }, hooks)

    for (const sameOrigin of ['https://A.EXAMPLE/v2', 'https://a.example:443/v1/', 'https://a.example/v1']) {
      expect((await edit(sameOrigin)).originChangedFrom, sameOrigin).toBeUndefined()
    }
    expect(calls).toEqual([])

    for (const [next, previous] of [
      ['http://a.example/v1', 'https://a.example'],
      ['https://a.example:8443/v1', 'http://a.example'],
      ['https://b.example/v1', 'https://a.example:8443'],
    ] as const) {
      expect((await edit(next)).originChangedFrom).toBe(previous)
    }
    expect(calls).toHaveLength(3)
    // The hook ran while the old address was still the saved one.
    expect(calls[0]!.before.baseUrl).toBe('https://a.example/v1')
    expect(calls[0]!.fileAtCall).toContain('"https://a.example/v1"')
    expect(calls[0]!.fileAtCall).not.toContain('http://a.example/v1"')
  })

  it('saves nothing when onOriginChange fails (the key could not be removed)', async () => {
    const { settings } = await service()
    const { profile } = await settings.saveProfile({ name: 'P', baseUrl: 'https://a.example/v1' })
    await expect(
      settings.saveProfile(
        { id: profile.id, name: 'P', baseUrl: 'https://b.example/v1' },
        {
          onOriginChange: async () => {
            throw new Error('keyring locked')
          },
        },
      ),
    ).rejects.toThrow('keyring locked')
    expect(settings.profile(profile.id).baseUrl).toBe('https://a.example/v1')
  })
})
