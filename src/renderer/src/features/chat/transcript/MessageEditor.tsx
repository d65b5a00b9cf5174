import { useState } from 'react'
import { Button } from '@renderer/components/Button'

/** Inline editing of a message's text: Save keeps it (Ctrl/Cmd+Enter too), Cancel or Escape drops it. */
export function MessageEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string
  onSave: (text: string) => void
  onCancel: () => void
}): React.JSX.Element {
  const [text, setText] = useState(initial)
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
            onSave(text)
          }
        }}
      />
      <div className="msg-editor-actions">
        <Button size="sm" variant="primary" onClick={() => onSave(text)}>
          Save
        </Button>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
