import { paneSettings } from '@shared/history/pane-settings'
import type { Slice } from '@renderer/store/slice'
import { messageText } from '@renderer/features/chat/conversation/transcript-edits'
import { caseFromReply } from '@renderer/features/workbench/reply-case'

/** Between the chat and the workbench: a reply becomes a case, the prompt goes either way. */
export type ChatCaseActions = {
  /**
   * Reply `messageId` of pane `paneId` becomes a case of the workbench set (its variables, its
   * expectation, editable in the cases table). An empty workbench takes the turn's prompt; a set
   * whose prompt is another one refuses it (its cases would be run with that other prompt), saying so.
   */
  addReplyToTestSet(paneId: string, messageId: string): void
  /** The workbench prompt becomes the chat's: system prompt of the focused pane's conversation, and the message box. */
  sendPromptToChat(): void
  /** The chat's system prompt and message box (else its last message of yours) become the workbench prompt. */
  takePromptFromChat(): void
}

export const createChatCaseActions: Slice<ChatCaseActions> = (set, get) => ({
  addReplyToTestSet(paneId, messageId) {
    const { conversation, wbDraft, notify } = get()
    const made = caseFromReply(conversation, paneId, messageId, new Set(wbDraft.cases.map((c) => c.id)))
    if ('error' in made) return notify('error', made.error)
    const emptyPrompt = wbDraft.user.trim() === '' && wbDraft.system.trim() === ''
    if (!emptyPrompt && (wbDraft.user !== made.prompt.user || wbDraft.system !== made.prompt.system)) {
      return notify(
        'error',
        'The workbench set has another prompt, which its cases run with: start a New set there, or take the prompt from the chat first.',
      )
    }
    set({
      wbDraft: {
        ...wbDraft,
        ...(emptyPrompt ? made.prompt : {}),
        cases: [...wbDraft.cases, made.testCase],
      },
    })
    notify('success', `Added case ${made.testCase.id} to the workbench set “${wbDraft.name}”.`)
  },
  sendPromptToChat() {
    const { wbDraft } = get()
    get().setSystem(wbDraft.system, get().focusedPaneId)
    get().setDraftText(wbDraft.user)
    set({ workbenchOpen: false })
  },
  takePromptFromChat() {
    const { conversation, focusedPaneId, composer } = get()
    const pane = conversation.panes.find((p) => p.id === focusedPaneId) ?? conversation.panes[0]
    const lastUser = pane?.messages.findLast((m) => m.role === 'user')
    const typed = composer.text.trim() === '' ? undefined : composer.text
    get().updateDraft({
      system: paneSettings(conversation, pane).system,
      user: typed ?? (lastUser === undefined ? '' : messageText(lastUser)),
    })
  },
})
