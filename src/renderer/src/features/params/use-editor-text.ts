import { useState } from 'react'
import { useAppStore } from '@renderer/store'
import { initialEditorText, readEditorDraft, writeEditorDraft } from './editor-drafts'

/**
 * A text editor's content that survives the panel unmounting: opens with the pending draft (see
 * initialEditorText) and records every edit as the conversation's draft for `field`.
 */
export function useEditorText(
  field: string,
  options: { applied: string; sameAsApplied: (text: string) => boolean; isValid: (text: string) => boolean },
): [string, (text: string) => void] {
  const conversationId = useAppStore((state) => state.conversation.id)
  const [text, setText] = useState(() =>
    initialEditorText({ draft: readEditorDraft(conversationId, field), ...options }),
  )
  const update = (next: string): void => {
    setText(next)
    writeEditorDraft(conversationId, field, next)
  }
  return [text, update]
}
