import { useState } from 'react'
import { Button } from '@renderer/components/Button'

/**
 * Inline editing of a message's text. A user turn is sent again with its new text by default ("Save
 * and resend", Ctrl/Cmd+Enter): the replies below answer the old one. "Save only" keeps them, marked
 * stale. Other messages just save. Cancel or Escape drops the edit.
 */
export function MessageEditor({
  initial,
  onSave,
  onResend,
  onCancel,
}: {
  initial: string
  onSave: (text: string) => void
  /** Given for a user turn: save and send it again. */
  onResend?: (text: string) => void
  onCancel: () => void
}): React.JSX.Element {
  const [text, setText] = useState(initial)
  const submit = onResend ?? onSave
  return (
    <div className="msg-editor">
      <textarea
        aria-label="Edit message"
        className="chat-textarea"
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Used here: not also a Stop of the streaming replies (the app-wide Esc).
            event.preventDefault()
            onCancel()
          }
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            submit(text)
          }
        }}
      />
      <div className="msg-editor-actions">
        {onResend ? (
          <>
            <Button size="sm" variant="primary" title="Ctrl+Enter" onClick={() => onResend(text)}>
              Save and resend
            </Button>
            <Button size="sm" onClick={() => onSave(text)}>
              Save only
            </Button>
          </>
        ) : (
          <Button size="sm" variant="primary" onClick={() => onSave(text)}>
            Save
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
