import type { StoredMessage } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { CopyButton } from '@renderer/components/CopyButton'
import { messageText } from '@renderer/features/chat/conversation/transcript-edits'
import { useAppStore } from '@renderer/store'

/**
 * Per-message actions; those that change the transcript are disabled while the pane streams. Copy
 * (the message's text, as shown) works on every message at any time.
 */
export function MessageActions({
  paneId,
  message,
  disabled,
  onEdit,
  onInsert,
}: {
  paneId: string
  message: StoredMessage
  disabled: boolean
  onEdit: () => void
  onInsert: () => void
}): React.JSX.Element {
  const isAssistant = message.role === 'assistant'
  return (
    <div className="msg-actions" role="toolbar" aria-label="Message actions">
      <CopyButton text={messageText(message)} ariaLabel="Copy message" />
      {isAssistant && (
        <Button size="sm" variant="ghost" onClick={() => useAppStore.getState().inspectMessage(message.id)}>
          Inspect
        </Button>
      )}
      <Button size="sm" variant="ghost" disabled={disabled} onClick={onEdit}>
        Edit
      </Button>
      {isAssistant && (
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          onClick={() => void useAppStore.getState().regenerate(paneId, message.id)}
        >
          Regenerate
        </Button>
      )}
      {isAssistant && (
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          title="A workbench case: this turn's message and variables, expecting this reply (editable there)"
          onClick={() => useAppStore.getState().addReplyToTestSet(paneId, message.id)}
        >
          Add to test set
        </Button>
      )}
      <Button size="sm" variant="ghost" disabled={disabled} onClick={onInsert}>
        Insert turn
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={disabled}
        onClick={() => useAppStore.getState().deleteMessage(paneId, message.id)}
      >
        Delete
      </Button>
    </div>
  )
}
