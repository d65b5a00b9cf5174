import type { StoredMessage } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { CopyButton } from '@renderer/components/CopyButton'
import { useAppStore } from '@renderer/store'
import { CacheBreakpointToggle } from '@renderer/features/params/CacheBreakpointToggle'
import {
  canCacheMessage,
  messageCache,
  messageText,
} from '@renderer/features/chat/conversation/transcript-edits'

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
  // Breakpoints are a Messages term: a Chat Completions pane caches prefixes by itself.
  const messagesDialect = useAppStore(
    (state) => state.conversation.panes.find((pane) => pane.id === paneId)?.dialect === 'anthropic-messages',
  )
  return (
    <div className="msg-actions" role="toolbar" aria-label="Message actions">
      <CopyButton text={messageText(message)} ariaLabel="Copy message" />
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
