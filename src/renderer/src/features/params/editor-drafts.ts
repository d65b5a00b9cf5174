/**
 * What the user typed in the parameter editors (JSON schema, tools, stop sequences…), per
 * conversation. Invalid text is never applied to the conversation's params, yet it must not vanish
 * when the panel unmounts (switching to the Code tab and back): it lives here, outside React and the
 * store (it is UI-local and never saved), for this page's lifetime, one conversation at a time.
 */
let draftsConversationId = ''
const drafts = new Map<string, string>()

export function readEditorDraft(conversationId: string, field: string): string | undefined {
  return conversationId === draftsConversationId ? drafts.get(field) : undefined
}

export function writeEditorDraft(conversationId: string, field: string, text: string): void {
  if (conversationId !== draftsConversationId) {
    // Another conversation: the previous one's half-typed text is not carried over.
    drafts.clear()
    draftsConversationId = conversationId
  }
  drafts.set(field, text)
}

/**
 * The text an editor opens with: the user's own text when it is still pending (invalid, so not
 * applied) or still says what is applied; otherwise (the params changed elsewhere, e.g. a
 * conversation was opened) the applied value, formatted.
 */
export function initialEditorText(options: {
  draft: string | undefined
  applied: string
  sameAsApplied: (draft: string) => boolean
  isValid: (draft: string) => boolean
}): string {
  const { draft } = options
  if (draft === undefined) return options.applied
  return !options.isValid(draft) || options.sameAsApplied(draft) ? draft : options.applied
}
