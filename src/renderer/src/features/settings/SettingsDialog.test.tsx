// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import {
  KEYCHAIN_KEY,
  LOCAL_PROFILE,
  NO_KEY,
  REMOTE_PROFILE,
  SESSION_REASON,
} from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { SettingsDialog } from './SettingsDialog'
import { startSettingsMain, type, type SettingsMain } from './__fixtures__/settings-fixtures'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi
const CANARY = 'sk-CANARY-0b7e4c2d-1111-2222-3333-444455556666'

let main: SettingsMain

/** The header's button and the dialog, as in the app. */
function SettingsHarness(): React.JSX.Element {
  const open = useAppStore((state) => state.settingsOpen)
  return (
    <>
      <button type="button" onClick={() => useAppStore.getState().setSettingsOpen(true)}>
        Settings
      </button>
      {open && <SettingsDialog />}
    </>
  )
}

async function openSettings(): Promise<HTMLElement> {
  await act(() => useAppStore.getState().loadProfiles())
  render(<SettingsHarness />)
  const opener = screen.getByRole('button', { name: 'Settings' })
  opener.focus()
  fireEvent.click(opener)
  return screen.getByRole('dialog', { name: 'Settings' })
}

function profileSection(dialog: HTMLElement, name: string): HTMLElement {
  return within(dialog).getByRole('region', { name })
}

beforeEach(() => {
  main = startSettingsMain(api, { profiles: [LOCAL_PROFILE, REMOTE_PROFILE] })
})
afterEach(cleanup)

describe('SettingsDialog: the dialog', () => {
  it('is a modal dialog named Settings that takes focus, closes on Escape and gives focus back', async () => {
    const dialog = await openSettings()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(useAppStore.getState().settingsOpen).toBe(false)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }))
  })

  it('has the theme selector', async () => {
    api.handle('settings:set-theme', () => undefined)
    const dialog = await openSettings()
    fireEvent.change(within(dialog).getByLabelText('Theme'), { target: { value: 'dark' } })
    expect(useAppStore.getState().theme).toBe('dark')
    await waitFor(() => expect(api.callsTo('settings:set-theme')).toEqual([{ theme: 'dark' }]))
  })

  it('shows the local profile read-only, its key managed by the app', async () => {
    const dialog = await openSettings()
    const local = profileSection(dialog, 'Local gateway')
    expect(within(local).getByText(LOCAL_PROFILE.baseUrl)).toBeTruthy()
    expect(within(local).getByText(/Key managed by the app/)).toBeTruthy()
    expect(within(local).getByText('Stored in the system keychain')).toBeTruthy()
    expect(within(local).getByText('•••• 3f9a')).toBeTruthy()
    expect(within(local).queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(within(local).queryByRole('button', { name: 'Remove' })).toBeNull()
    expect(within(local).queryByLabelText(/API key/)).toBeNull()
  })
})

describe('SettingsDialog: profiles', () => {
  it('checks the form before sending: a name and an http(s) base URL', async () => {
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }))
    const form = within(dialog).getByRole('form', { name: 'New profile' })
    type(within(form).getByLabelText('Base URL'), 'gateway.example.com/v1')
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))

    expect(within(form).getByText('Give the profile a name.')).toBeTruthy()
    const baseUrl = within(form).getByLabelText('Base URL')
    expect(baseUrl.getAttribute('aria-invalid')).toBe('true')
    const describedBy = baseUrl.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy.split(' ')[0] ?? '')?.textContent).toBe(
      'Base URL must be an http(s) URL, e.g. https://gateway.example.com/v1.',
    )
    expect(api.callsTo('profiles:save')).toEqual([])

    // Fixing a field clears its error.
    type(baseUrl, 'https://gateway.example.com/v1')
    expect(baseUrl.getAttribute('aria-invalid')).toBeNull()
  })

  it("shows main's refusal under the field it names", async () => {
    api.handle('profiles:save', () => {
      throw new FakeApiFailure('invalid_input', 'loginUrl: Login URL must be an http(s) URL.')
    })
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }))
    const form = within(dialog).getByRole('form', { name: 'New profile' })
    type(within(form).getByLabelText('Name'), 'Prod')
    type(within(form).getByLabelText('Base URL'), 'https://prod.example.com/v1')
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))
    const loginUrl = within(form).getByLabelText('Login URL (optional)')
    await waitFor(() => expect(loginUrl.getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getByRole('alert').textContent).toBe('Login URL must be an http(s) URL.')
  })

  it('adds a profile with what was typed, then lists it', async () => {
    const added: Profile = {
      id: 'prod-1234abcd',
      name: 'Prod',
      kind: 'remote',
      baseUrl: 'https://prod.example.com/v1',
      catalogSource: 'bundled',
    }
    api.handle('profiles:save', () => {
      main.profiles = [...main.profiles, added]
      return added
    })
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }))
    const form = within(dialog).getByRole('form', { name: 'New profile' })
    type(within(form).getByLabelText('Name'), 'Prod')
    type(within(form).getByLabelText('Base URL'), 'https://prod.example.com/v1')
    fireEvent.change(within(form).getByLabelText('Catalog source'), { target: { value: 'bundled' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))

    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Prod' })).toBeTruthy())
    expect(api.callsTo('profiles:save')).toEqual([
      { name: 'Prod', baseUrl: 'https://prod.example.com/v1', catalogSource: 'bundled' },
    ])
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: 'New profile' })).toBeNull())
  })

  it('adds a profile with its key in one go; the key goes to main, not into the page', async () => {
    const added: Profile = {
      id: 'prod-1234abcd',
      name: 'Prod',
      kind: 'remote',
      baseUrl: 'https://prod.example.com/v1',
      catalogSource: 'gateway',
    }
    api.handle('profiles:save', () => {
      main.profiles = [...main.profiles, added]
      return added
    })
    api.handle('secrets:set', () => ({ hasKey: true, storage: 'keychain', last4: '6789' }))
    const dialog = await openSettings()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }))
    const form = within(dialog).getByRole('form', { name: 'New profile' })
    type(within(form).getByLabelText('Name'), 'Prod')
    type(within(form).getByLabelText('Base URL'), 'https://prod.example.com/v1')
    const key = within(form).getByLabelText('API key (optional)') as HTMLInputElement
    expect(key.type).toBe('password')
    type(key, 'not a key')
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))
    expect(key.getAttribute('aria-invalid')).toBe('true')
    expect(api.callsTo('profiles:save')).toEqual([])

    type(key, 'sk-prod-0123456789')
    fireEvent.click(within(form).getByRole('button', { name: 'Add profile' }))
    await waitFor(() =>
      expect(api.callsTo('secrets:set')).toEqual([{ profileId: added.id, key: 'sk-prod-0123456789' }]),
    )
    expect(document.body.innerHTML).not.toContain('sk-prod-0123456789')
  })

  it('edits a remote profile in place, keeping its id', async () => {
    api.handle('profiles:save', (input) => {
      const edited = { ...REMOTE_PROFILE, name: input.name }
      main.profiles = [LOCAL_PROFILE, edited]
      return edited
    })
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    fireEvent.click(within(staging).getByRole('button', { name: 'Edit' }))
    const form = within(staging).getByRole('form', { name: 'Edit Staging' })
    expect((within(form).getByLabelText('Base URL') as HTMLInputElement).value).toBe(REMOTE_PROFILE.baseUrl)
    type(within(form).getByLabelText('Name'), 'Staging EU')
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }))
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Staging EU' })).toBeTruthy())
    expect(api.callsTo('profiles:save')).toEqual([
      {
        id: REMOTE_PROFILE.id,
        name: 'Staging EU',
        baseUrl: REMOTE_PROFILE.baseUrl,
        loginUrl: REMOTE_PROFILE.loginUrl,
        catalogSource: 'gateway',
      },
    ])
  })

  it('removes a remote profile only after confirming', async () => {
    api.handle('profiles:remove', () => {
      main.profiles = [LOCAL_PROFILE]
    })
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    fireEvent.click(within(staging).getByRole('button', { name: 'Remove' }))
    const confirm = within(staging).getByRole('group', { name: 'Remove Staging and its key?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('profiles:remove')).toEqual([])

    fireEvent.click(within(staging).getByRole('button', { name: 'Remove' }))
    fireEvent.click(within(staging).getByRole('button', { name: 'Yes, remove' }))
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Staging' })).toBeNull())
    expect(api.callsTo('profiles:remove')).toEqual([{ profileId: REMOTE_PROFILE.id }])
  })
})

describe('SettingsDialog: keys', () => {
  it('sends a typed key once, clears the field, and shows where it is kept and its last four', async () => {
    api.handle('secrets:set', () => ({ hasKey: true, storage: 'keychain', last4: '6666' }))
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    expect(within(staging).getByText('No key yet.')).toBeTruthy()
    const field = within(staging).getByLabelText('API key') as HTMLInputElement
    expect(field.type).toBe('password')
    type(field, CANARY)
    fireEvent.click(within(staging).getByRole('button', { name: 'Save key' }))

    await waitFor(() => expect(within(staging).getByText('•••• 6666')).toBeTruthy())
    expect(api.callsTo('secrets:set')).toEqual([{ profileId: REMOTE_PROFILE.id, key: CANARY }])
    expect(within(staging).getByText('Stored in the system keychain')).toBeTruthy()
    expect(within(staging).getByRole('button', { name: 'Replace key' })).toBeTruthy()
    expect((within(staging).getByLabelText('New API key') as HTMLInputElement).value).toBe('')
    // Never shown again, nor kept anywhere on the page.
    expect(document.documentElement.outerHTML).not.toContain(CANARY)
    expect(JSON.stringify(useAppStore.getState().keyStatus)).not.toContain(CANARY)
  })

  it('says a key is kept for this session only, and why', async () => {
    api.handle('secrets:set', () => ({
      hasKey: true,
      storage: 'session',
      last4: '6666',
      reason: SESSION_REASON,
    }))
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    type(within(staging).getByLabelText('API key'), CANARY)
    fireEvent.click(within(staging).getByRole('button', { name: 'Save key' }))
    await waitFor(() => expect(within(staging).getByText('Kept for this session only')).toBeTruthy())
    expect(within(staging).getByText(SESSION_REASON)).toBeTruthy()
  })

  it('asks for a key instead of sending an empty one', async () => {
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    type(within(staging).getByLabelText('API key'), '   ')
    fireEvent.click(within(staging).getByRole('button', { name: 'Save key' }))
    expect(within(staging).getByRole('alert').textContent).toBe('Paste or type the key first.')
    expect(api.callsTo('secrets:set')).toEqual([])
  })

  it("shows main's message when the key cannot be stored, and the key is gone from the field", async () => {
    api.handle('secrets:set', () => {
      throw new FakeApiFailure('internal', 'The keyring is locked.')
    })
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    const field = within(staging).getByLabelText('API key') as HTMLInputElement
    type(field, CANARY)
    fireEvent.click(within(staging).getByRole('button', { name: 'Save key' }))
    await waitFor(() => expect(within(staging).getByRole('alert').textContent).toBe('The keyring is locked.'))
    expect(field.value).toBe('')
  })

  it('removes a key after confirming', async () => {
    api.handle('secrets:status', () => KEYCHAIN_KEY)
    api.handle('secrets:delete', () => NO_KEY)
    const dialog = await openSettings()
    const staging = profileSection(dialog, 'Staging')
    fireEvent.click(within(staging).getByRole('button', { name: 'Remove key' }))
    // Escape cancels the question, not the whole dialog.
    fireEvent.keyDown(within(staging).getByRole('button', { name: 'Cancel' }), { key: 'Escape' })
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy()
    expect(api.callsTo('secrets:delete')).toEqual([])

    fireEvent.click(within(staging).getByRole('button', { name: 'Remove key' }))
    fireEvent.click(within(staging).getByRole('button', { name: 'Yes, remove' }))
    await waitFor(() => expect(within(staging).getByText('No key yet.')).toBeTruthy())
    expect(api.callsTo('secrets:delete')).toEqual([{ profileId: REMOTE_PROFILE.id }])
  })
})
