import type { StoredMessage } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { CacheBreakpointToggle } from '@renderer/features/params/CacheBreakpointToggle'
import { canCacheMessage, messageCache } from '@renderer/features/chat/conversation/transcript-edits'

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
  // Breakpoints are a Messages term: a Chat Completions pane caches prefixes by itself.
  const messagesDialect = useAppStore(
    (state) => state.conversation.panes.find((pane) => pane.id === paneId)?.dialect === 'anthropic-messages',
  )
  return (
    <div className="msg-actions">
      {messagesDialect && canCacheMessage(message) && (
        <CacheBreakpointToggle
          label="Cache breakpoint after this message"
          value={messageCache(message)}
          disabled={disabled}
          onChange={(cache) => useAppStore.getState().setMessageCache(paneId, message.id, cache)}
        />
      )}
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
