import type { RunUpdate } from '@shared/runs/run-types'
import type { Slice } from '@renderer/store/slice'
import { reduceRunUpdates } from './reduce-run-updates'
import { endReplies } from './reply-endings'
import { initialRunsState, type RunsState } from './runs-state'
import { createSendActions, type SendActions } from './send-actions'
import { createStopActions, type StopActions } from './stop-actions'

export type RunsSlice = RunsState &
  SendActions &
  StopActions & {
    /** Apply a frame's worth of updates from main (called by the run pump, once per animation frame). */
    applyRunUpdates(updates: readonly RunUpdate[]): void
  }

/**
 * The chat's runs: starting them (send-actions.ts, through launch-pane-runs.ts and the one IPC start
 * path, start-pane-run.ts), stopping them (stop-actions.ts), and the updates main streams back,
 * reduced by the pure reduce-run-updates.ts.
 */
export const createRunsSlice: Slice<RunsSlice> = (set, get, store) => ({
  ...initialRunsState,
  ...createSendActions(set, get, store),
  ...createStopActions(set, get, store),
  applyRunUpdates(updates) {
    if (updates.length === 0) return
    const { changes, endedMessageIds, save } = reduceRunUpdates(get(), updates, Date.now())
    if (Object.keys(changes).length > 0) set(changes)
    endReplies({ set, get }, endedMessageIds)
    if (save) void get().saveConversation()
  },
})
