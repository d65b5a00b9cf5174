import { memo, useState } from 'react'
import type { StoredMessage } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import {
  selectMessage,
  selectMessageIds,
  selectPaneBusy,
  selectReplyIsStale,
} from '@renderer/features/chat/chat-selectors'
import { Button } from '@renderer/components/Button'
import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import { AssistantBody } from './AssistantBody'
import { InsertTurnForm } from './InsertTurnForm'
import { MessageActions } from './MessageActions'
import { MessageEditor } from './MessageEditor'
import { ReplyFooter } from './ReplyFooter'
import { messageText } from '@renderer/features/chat/conversation/transcript-edits'
import { ToolMessageBody } from './ToolMessageBody'
import { UserMessageBody } from './UserMessageBody'

const ARTICLE_LABEL: Record<StoredMessage['role'], string> = {
  user: 'User message',
  assistant: 'Assistant reply',
  tool: 'Tool result',
}

/**
 * One message of a pane, subscribed to by id: a streaming reply re-renders its own row only, and the
 * other rows keep their elements.
 */
export const MessageRow = memo(function MessageRow({
  paneId,
  messageId,
}: {
  paneId: string
  messageId: string
}): React.JSX.Element | null {
  const message = useAppStore((state) => selectMessage(state, paneId, messageId))
  const busy = useAppStore((state) => selectPaneBusy(state, paneId))
  const isLast = useAppStore((state) => selectMessageIds(state, paneId).at(-1) === messageId)
  // Only a blind conversation pays for the check (rows ask on every streamed frame).
  const blind = useAppStore(selectLabelsHidden)
  const [mode, setMode] = useState<'view' | 'edit' | 'insert'>('view')
  if (!message) return null

  return (
    <>
      <article aria-label={ARTICLE_LABEL[message.role]} className={`msg msg-${message.role}`}>
        <header className="msg-head">
          <span className="msg-role">{roleLine(message, blind)}</span>
          <MessageActions
            paneId={paneId}
            message={message}
            disabled={busy || mode !== 'view'}
            onEdit={() => setMode('edit')}
            onInsert={() => setMode('insert')}
          />
        </header>
        {mode === 'edit' ? (
          <MessageEditor
            initial={messageText(message)}
            onCancel={() => setMode('view')}
            onSave={(text) => {
              useAppStore.getState().editMessageText(paneId, messageId, text)
              setMode('view')
            }}
            {...(message.role === 'user'
              ? {
                  onResend: (text: string) => {
                    const store = useAppStore.getState()
                    store.editMessageText(paneId, messageId, text)
                    setMode('view')
                    void store.resendFrom(messageId)
                  },
                }
              : {})}
          />
        ) : (
          <MessageBody paneId={paneId} message={message} isLast={isLast} />
        )}
        {message.role === 'assistant' && <StaleNote paneId={paneId} messageId={messageId} busy={busy} />}
        {message.role === 'assistant' && <ReplyFooter paneId={paneId} messageId={messageId} />}
      </article>
      {mode === 'insert' && (
        <InsertTurnForm paneId={paneId} afterId={messageId} onDone={() => setMode('view')} />
      )}
    </>
  )
})

/** Who wrote the message; in blind mode a reply does not name its model. */
function roleLine(message: StoredMessage, blind: boolean): string {
  switch (message.role) {
    case 'user':
      return 'You'
    case 'assistant':
      return message.reply && !blind ? `Assistant · ${message.reply.model}` : 'Assistant'
    case 'tool':
      return `Tool result · ${message.toolCallId}`
    default: {
      const unreachable: never = message
      throw new Error(`unknown message ${JSON.stringify(unreachable)}`)
    }
  }
}

function MessageBody({
  paneId,
  message,
  isLast,
}: {
  paneId: string
  message: StoredMessage
  isLast: boolean
}): React.JSX.Element {
  switch (message.role) {
    case 'user':
      return <UserMessageBody content={message.content} />
    case 'assistant':
      return <AssistantBody paneId={paneId} message={message} isLast={isLast} />
    case 'tool':
      return <ToolMessageBody content={message.content} isError={message.isError === true} />
    default: {
      const unreachable: never = message
      throw new Error(`unknown message ${JSON.stringify(unreachable)}`)
    }
  }
}

/** Under a reply written before a message above it was edited: it answers the old text. */
function StaleNote({
  paneId,
  messageId,
  busy,
}: {
  paneId: string
  messageId: string
  busy: boolean
}): React.JSX.Element | null {
  const stale = useAppStore((state) => selectReplyIsStale(state, paneId, messageId))
  if (!stale) return null
  return (
    <div className="msg-stale" role="note">
      <span>Stale: written before an edit above, it answers the earlier text.</span>
      <Button
        size="sm"
        disabled={busy}
        onClick={() => void useAppStore.getState().regenerate(paneId, messageId)}
      >
        Regenerate
      </Button>
    </div>
  )
}
