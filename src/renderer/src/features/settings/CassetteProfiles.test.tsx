// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { LOCAL_PROFILE } from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { openSettings, startSettingsMain, type, type SettingsMain } from './__fixtures__/settings-fixtures'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi
let main: SettingsMain

beforeEach(() => {
  main = startSettingsMain(api, { profiles: [LOCAL_PROFILE] })
})
afterEach(cleanup)

describe('Settings: cassette profiles (docs/cassettes.md "In the app")', () => {
  it('adds a replay profile with its folder and speed; it needs no key and shows what it replays', async () => {
    api.handle('profiles:save-replay', (input) => {
      const added: Profile = {
        id: 'replay-1',
        name: input.name,
        kind: 'replay',
        baseUrl: '',
        catalogSource: 'bundled',
        replay: { folder: input.folder, speed: input.speed },
      }
      main.profiles = [...main.profiles, added]
      return added
    })
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add replay profile' }))
    const form = within(dialog).getByRole('form', { name: 'New replay profile' })
    type(within(form).getByLabelText('Name'), 'CI tapes')
    type(within(form).getByLabelText('Cassette folder'), 'ci-tapes')
    fireEvent.change(within(form).getByLabelText('Speed'), { target: { value: 'instant' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add replay profile' }))

    const item = await waitFor(() => within(dialog).getByRole('region', { name: 'CI tapes' }))
    expect(api.callsTo('profiles:save-replay')).toEqual([
      { name: 'CI tapes', folder: 'ci-tapes', speed: 'instant' },
    ])
    expect(item.textContent).toContain('Replay')
    expect(item.textContent).toContain('ci-tapes (instant)')
    expect(item.textContent).toContain('No key needed')
    expect(within(item).queryByLabelText(/API key/)).toBeNull()
  })

  it('refuses a folder that goes up, before main is asked, in both forms', async () => {
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add replay profile' }))
    const replay = within(dialog).getByRole('form', { name: 'New replay profile' })
    type(within(replay).getByLabelText('Cassette folder'), '../../.ssh')
    fireEvent.click(within(replay).getByRole('button', { name: 'Add replay profile' }))
    expect(within(replay).getByText('A folder path cannot go up with "..".')).toBeTruthy()
    fireEvent.click(within(replay).getByRole('button', { name: 'Cancel' }))

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }))
    const remote = within(dialog).getByRole('form', { name: 'New profile' })
    type(within(remote).getByLabelText('Name'), 'Hosted')
    type(within(remote).getByLabelText('Base URL'), 'https://gateway.example.com/v1')
    type(within(remote).getByLabelText('Record cassettes to (optional)'), 'tapes/../..')
    fireEvent.click(within(remote).getByRole('button', { name: 'Add profile' }))
    expect(within(remote).getByText('A folder path cannot go up with "..".')).toBeTruthy()
    expect(api.callsTo('profiles:save-replay')).toEqual([])
    expect(api.callsTo('profiles:save')).toEqual([])
  })

  it('a remote profile that records says where', async () => {
    main.profiles = [
      LOCAL_PROFILE,
      {
        id: 'hosted-1',
        name: 'Hosted',
        kind: 'remote',
        baseUrl: 'https://gateway.example.com/v1',
        catalogSource: 'gateway',
        recordTo: '/srv/tapes',
      },
    ]
    const dialog = await openSettings()
    const item = within(dialog).getByRole('region', { name: 'Hosted' })
    expect(item.textContent).toContain('Records cassettes to/srv/tapes')
  })
})
