// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import {
  KEYCHAIN_KEY,
  LOCAL_PROFILE,
  NO_KEY,
  REMOTE_PROFILE,
} from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { openSettings, startSettingsMain, type, type SettingsMain } from './__fixtures__/settings-fixtures'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi
let main: SettingsMain

beforeEach(() => {
  main = startSettingsMain(api, { profiles: [LOCAL_PROFILE, REMOTE_PROFILE], remoteKey: KEYCHAIN_KEY })
})
afterEach(cleanup)

describe('the profile form and where a key may go', () => {
  it('warns about plain http to another machine while typing, and keeps the warning on the saved profile', async () => {
    const warning =
      'Plain http:// to gateway.office.lan: the API key and every prompt travel unencrypted and can be read on the network. Use https:// unless this is a network you trust.'
    const added: Profile = {
      id: 'office-1',
      name: 'Office',
      kind: 'remote',
      baseUrl: 'http://gateway.office.lan/v1',
      catalogSource: 'gateway',
    }
    api.handle('profiles:save', () => {
      main.profiles = [...main.profiles, added]
      return { ...added, warnings: [warning] }
    })
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }))
    const form = within(dialog).getByRole('form', { name: 'New profile' })
    const baseUrl = within(form).getByLabelText('Base URL')

    type(baseUrl, 'https://gateway.office.lan/v1')
    expect(within(form).queryByText(/unencrypted/)).toBeNull()
    type(baseUrl, 'http://127.0.0.1:8080/v1')
    expect(within(form).queryByText(/unencrypted/)).toBeNull()
    type(baseUrl, 'http://gateway.office.lan/v1')
    expect(within(form).getByText(warning)).toBeTruthy()

    // A warning, not a refusal: the profile is saved.
    type(within(form).getByLabelText('Name'), 'Office')
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))
    const office = await waitFor(() => within(dialog).getByRole('region', { name: 'Office' }))
    expect(api.callsTo('profiles:save')).toHaveLength(1)
    expect(within(office).getByText(warning)).toBeTruthy()
  })

  it('says before saving that a new origin drops the key, and after saving that it was dropped', async () => {
    const notice =
      'The key of "Staging" was removed: it was given for https://staging.example.com, and the base URL now points to https://other.example.net. Enter the key again if this server should have it.'
    api.handle('profiles:save', (input) => {
      const edited: Profile = { ...REMOTE_PROFILE, baseUrl: input.baseUrl }
      main.profiles = [LOCAL_PROFILE, edited]
      main.remoteKey = NO_KEY
      return { ...edited, keyRemovedNotice: notice }
    })
    const dialog = await openSettings()
    const staging = within(dialog).getByRole('region', { name: 'Staging' })
    await waitFor(() => expect(within(staging).getByText('•••• 3f9a')).toBeTruthy())
    fireEvent.click(within(staging).getByRole('button', { name: 'Edit' }))
    const form = within(staging).getByRole('form', { name: 'Edit Staging' })
    const baseUrl = within(form).getByLabelText('Base URL')

    // Same origin, other path: nothing to say.
    type(baseUrl, 'https://staging.example.com/v2')
    expect(within(form).queryByText(/removes this profile's key/)).toBeNull()
    type(baseUrl, 'https://other.example.net/v1')
    expect(
      within(form).getByText(
        "Saving removes this profile's key: it was given for https://staging.example.com, not https://other.example.net. Enter it again afterwards if this server should have it.",
      ),
    ).toBeTruthy()

    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    await waitFor(() => expect(within(staging).getByText(notice)).toBeTruthy())
    expect(within(staging).getByText(/No key yet/)).toBeTruthy()
  })

  // A text input drops line breaks itself (value sanitization); a space or a non-ASCII letter stays.
  it('refuses a key with a space before sending it, without showing the key', async () => {
    main.remoteKey = NO_KEY
    api.handle('secrets:set', () => KEYCHAIN_KEY)
    const dialog = await openSettings()
    const staging = within(dialog).getByRole('region', { name: 'Staging' })
    const field = await waitFor(() => within(staging).getByLabelText('API key'))
    const key = 'sk-CANARY-with space'
    type(field, key)
    fireEvent.click(within(staging).getByRole('button', { name: 'Save key' }))
    const alert = await waitFor(() => within(staging).getByText(/contains a space/))
    expect(alert.textContent).toMatch(/printable ASCII without spaces/)
    expect(staging.textContent).not.toContain('sk-CANARY')
    expect(api.callsTo('secrets:set')).toEqual([])
  })
})
