import type { StoredMessage } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'

/** Per-message actions; disabled while the pane streams (the transcript is being written). */
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
    <div className="msg-actions">
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
