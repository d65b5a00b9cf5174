import { api } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { selectActiveProfile } from '@renderer/features/settings/profiles-selectors'

/**
 * Keeps the store in step with main: another window, the settings dialog or an import changed
 * profiles or history; main has something to tell (the local gateway restarted). Returns the unsubscribe function (tests, hot reload).
 */
export function subscribeToHostEvents(): () => void {
  const offProfiles = api.on('profiles:changed', () => void reloadProfiles())
  const offHistory = api.on('history:changed', () => void useAppStore.getState().loadHistory())
  const offNotice = api.on('app:notice', ({ tone, message }) => useAppStore.getState().notify(tone, message))
  return () => {
    offNotice()
    offProfiles()
    offHistory()
  }
}

/** Reloads profiles; the active catalog too when the active profile is another one or was edited. */
async function reloadProfiles(): Promise<void> {
  const before = useAppStore.getState()
  const activeBefore = selectActiveProfile(before)
  try {
    await before.loadProfiles()
  } catch (error) {
    before.notify('error', `Could not reload the profiles: ${(error as Error).message}`)
    return
  }
  const after = useAppStore.getState()
  const activeAfter = selectActiveProfile(after)
  if (!activeAfter) return
  const changed = JSON.stringify(activeBefore) !== JSON.stringify(activeAfter)
  const loaded = after.catalogs[activeAfter.id] !== undefined
  if (changed || !loaded) await after.loadCatalog(activeAfter.id)
}
