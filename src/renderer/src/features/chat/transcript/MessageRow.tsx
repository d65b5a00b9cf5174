import { memo, useState } from 'react'
import type { StoredMessage } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import { selectMessage, selectMessageIds, selectPaneBusy } from '@renderer/features/chat/chat-selectors'
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
  const [mode, setMode] = useState<'view' | 'edit' | 'insert'>('view')
  if (!message) return null

  return (
    <>
      <article aria-label={ARTICLE_LABEL[message.role]} className={`msg msg-${message.role}`}>
        <header className="msg-head">
          <span className="msg-role">{roleLine(message)}</span>
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
          />
        ) : (
          <MessageBody paneId={paneId} message={message} isLast={isLast} />
        )}
        {message.role === 'assistant' && <ReplyFooter paneId={paneId} messageId={messageId} />}
      </article>
      {mode === 'insert' && (
        <InsertTurnForm paneId={paneId} afterId={messageId} onDone={() => setMode('view')} />
      )}
    </>
  )
})

function roleLine(message: StoredMessage): string {
  switch (message.role) {
    case 'user':
      return 'You'
    case 'assistant':
      return message.reply ? `Assistant · ${message.reply.model}` : 'Assistant'
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
