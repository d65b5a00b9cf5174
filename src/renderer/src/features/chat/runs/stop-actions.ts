import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { settledWithin } from './reply-endings'

/** The actions that stop runs: one, every run of the open conversation, all of them before leaving it. */
export type StopActions = {
  cancelRun(runId: string): Promise<void>
  /** Stop: every run of the open conversation (partial replies stay). */
  stopAll(): Promise<void>
  /**
   * Before the open conversation is replaced (open, import, new): stop its replies, let their last
   * updates land (each stores its reply record, partial text kept) and save, so nothing in flight is lost.
   */
  settleBeforeLeaving(): Promise<void>
}

/** Main answers a cancel with a terminal update within a frame or two; leaving does not hang on a lost one. */
const SETTLE_TIMEOUT_MS = 5_000

export const createStopActions: Slice<StopActions> = (set, get) => ({
  async cancelRun(runId) {
    try {
      await invoke('chat:cancel', { runId })
    } catch (error) {
      get().notify('error', `Could not stop the reply: ${(error as Error).message}`)
    }
  },

  async stopAll() {
    const state = get()
    const starting = Object.keys(state.pendingStarts)
    if (starting.length > 0) {
      set((s) => ({
        stopWhenStarted: { ...s.stopWhenStarted, ...Object.fromEntries(starting.map((id) => [id, true])) },
      }))
    }
    const running = state.activeRunIds.filter(
      (id) => state.runs[id]?.conversationId === state.conversation.id,
    )
    await Promise.all(running.map((runId) => get().cancelRun(runId)))
  },

  async settleBeforeLeaving() {
    await get().stopAll()
    const conversationId = get().conversation.id
    const endings = Object.values(get().replyEndings)
      .filter((ending) => ending.conversationId === conversationId)
      .map((ending) => ending.ended)
    await settledWithin(Promise.all(endings), SETTLE_TIMEOUT_MS)
    await get().saveConversation()
  },
})
