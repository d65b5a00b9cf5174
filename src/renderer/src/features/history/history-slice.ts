import type { ConversationSummary } from '../../../../shared/history/conversation'
import { invoke } from '../../lib/invoke'
import type { Slice } from '../../store/slice'

export type HistorySlice = {
  history: ConversationSummary[]
  loadHistory(): Promise<void>
}

/** The saved-conversation list; opening, renaming, deleting, export and import build on it. */
export const createHistorySlice: Slice<HistorySlice> = (set) => ({
  history: [],
  async loadHistory() {
    set({ history: await invoke('history:list', undefined) })
  },
})
