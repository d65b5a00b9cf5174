import { conversationSchema, type Conversation, type ConversationSummary } from '@shared/history/conversation'
import { conversationToMarkdown } from '@shared/history/conversation-markdown'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'

export type HistorySlice = {
  history: ConversationSummary[]
  historyStatus: 'idle' | 'loading' | 'ready' | 'error'
  historyError?: string
  /** Never rejects: a failure is kept in `historyStatus`/`historyError` for the History tab. */
  loadHistory(): Promise<void>
  /** Loads a saved conversation and makes it the current one. */
  openConversation(id: string): Promise<void>
  renameConversation(id: string, title: string): Promise<void>
  /** Deletes a saved conversation; when it is the open one, a new conversation takes its place. */
  deleteConversation(id: string): Promise<void>
  /** The file to save: main's JSON, which never holds a key. */
  exportConversation(id: string): Promise<{ fileName: string; json: string }>
  /** The same conversation as Markdown, to read or paste elsewhere (only the JSON imports back). */
  exportConversationMarkdown(id: string): Promise<{ fileName: string; markdown: string }>
  /** Imports a conversation file (main validates it and names it by its content) and opens it. */
  importConversation(json: string): Promise<Conversation>
}

/** The saved-conversation list and what can be done with an entry. Saving is the chat feature's. */
export const createHistorySlice: Slice<HistorySlice> = (set, get) => ({
  history: [],
  historyStatus: 'idle',
  async loadHistory() {
    set((state) => ({ historyStatus: state.historyStatus === 'ready' ? 'ready' : 'loading' }))
    try {
      set({
        history: await invoke('history:list', undefined),
        historyStatus: 'ready',
        historyError: undefined,
      })
    } catch (error) {
      // Shown in the History tab with a retry; the rest of the app loads regardless.
      set({ historyStatus: 'error', historyError: (error as Error).message })
    }
  },
  async openConversation(id) {
    const conversation = await invoke('history:get', { id })
    await get().settleBeforeLeaving()
    get().replaceConversation(conversation)
  },
  async renameConversation(id, title) {
    await invoke('history:rename', { id, title })
    // The open conversation keeps the new title, so its next save does not bring the old one back.
    if (get().conversation.id === id) get().setTitle(title.trim())
    await get().loadHistory()
  },
  async deleteConversation(id) {
    await invoke('history:delete', { id })
    if (get().conversation.id === id) get().startNewConversation()
    await get().loadHistory()
  },
  async exportConversation(id) {
    return invoke('history:export', { id })
  },
  async exportConversationMarkdown(id) {
    // From main's export (the saved state, journal folded in), not the screen: the open one may lag.
    const file = await invoke('history:export', { id })
    const conversation = conversationSchema.parse(JSON.parse(file.json))
    return {
      fileName: file.fileName.replace(/\.json$/, '.md'),
      markdown: conversationToMarkdown(conversation),
    }
  },
  async importConversation(json) {
    const conversation = await invoke('history:import', { json })
    await get().settleBeforeLeaving()
    get().replaceConversation(conversation)
    await get().loadHistory()
    return conversation
  },
})
