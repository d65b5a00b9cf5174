import { useAppStore } from '@renderer/store'
import { startRunPump } from '@renderer/features/chat/runs/run-pump'
import { subscribeToEvalProgress } from '@renderer/features/workbench/state/eval-progress-events'
import { subscribeToHostEvents } from './host-events'

/**
 * What the app loads at start: app info and theme, profiles and their key status, the active
 * profile's catalog (then the first model becomes the default target), the history list. Main's
 * change events are subscribed first, so nothing that changes while loading is missed.
 */
export async function bootstrap(): Promise<void> {
  subscribeToHostEvents()
  startRunPump()
  subscribeToEvalProgress()
  const store = useAppStore.getState()
  try {
    await Promise.all([store.loadAppInfo(), store.loadProfiles(), store.loadHistory()])
    const { activeProfileId } = useAppStore.getState()
    await useAppStore.getState().loadCatalog(activeProfileId)
    const state = useAppStore.getState()
    const first = state.catalogs[activeProfileId]?.models[0]
    for (const pane of state.conversation.panes) {
      if (pane.model === '' && first) state.setPaneTarget(pane.id, { model: first.model })
    }
  } catch (error) {
    useAppStore.getState().notify('error', `The app could not load: ${(error as Error).message}`)
  }
}
