import { act, fireEvent, render, screen } from '@testing-library/react'
import type { KeyStatusView } from '@shared/ipc/contract'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { KEYCHAIN_KEY, NO_KEY, handleFreshStart } from '@renderer/features/app/__fixtures__/store-fixtures'
import { useAppStore } from '@renderer/store'
import { SettingsDialog } from '@renderer/features/settings/SettingsDialog'

/**
 * What the settings tests' main holds: the profiles it lists and the key status of every profile but
 * the local one (whose key is in the keychain). A test changes it to say what main answers next.
 */
export type SettingsMain = { profiles: Profile[]; remoteKey: KeyStatusView }

/**
 * A fresh store and a fresh start of main (the test file mocks `@renderer/lib/api` with the app's
 * fake API and passes it here) that lists `main.profiles`; the other profiles have no key unless said.
 */
export function startSettingsMain(
  api: FakeApi,
  start: { profiles: Profile[]; remoteKey?: KeyStatusView },
): SettingsMain {
  api.reset()
  resetStore()
  handleFreshStart(api)
  const main: SettingsMain = { profiles: start.profiles, remoteKey: start.remoteKey ?? NO_KEY }
  api.handle('profiles:list', () => ({ profiles: main.profiles, activeProfileId: 'local' }))
  api.handle('secrets:status', ({ profileId }) => (profileId === 'local' ? KEYCHAIN_KEY : main.remoteKey))
  return main
}

/** The settings dialog, open, once the profiles are loaded. */
export async function openSettings(): Promise<HTMLElement> {
  await act(() => useAppStore.getState().loadProfiles())
  await act(async () => useAppStore.getState().setSettingsOpen(true))
  render(<SettingsDialog />)
  return screen.getByRole('dialog', { name: 'Settings' })
}

/** Types `value` into a field as a user's edit does (one change event). */
export function type(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } })
}
