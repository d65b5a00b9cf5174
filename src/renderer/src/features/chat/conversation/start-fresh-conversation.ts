import { useAppStore } from '@renderer/store'

/** "New conversation" (the header's button, Alt+N): the open one's replies settle and save first. */
export async function startFreshConversation(): Promise<void> {
  await useAppStore.getState().settleBeforeLeaving()
  useAppStore.getState().startNewConversation()
}
