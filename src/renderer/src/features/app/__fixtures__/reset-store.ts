import { useAppStore, type AppState } from '@renderer/store'

const initialState: AppState = useAppStore.getState()

/** Back to the store as the app starts (import this after `vi.mock` of the api module). */
export function resetStore(): void {
  useAppStore.setState(initialState, true)
}
