import { useId, useState } from 'react'
import type { StoredMessage } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { selectPane } from '@renderer/features/chat/chat-selectors'

type Role = StoredMessage['role']

/** Tool-call ids of the pane's replies up to a message, newest first (what a tool turn answers). */
function toolCallIdsBefore(messages: readonly StoredMessage[], afterId: string): string[] {
  const end = messages.findIndex((m) => m.id === afterId)
  const ids: string[] = []
  for (const message of messages.slice(0, end + 1)) {
    if (message.role !== 'assistant') continue
    for (const part of message.content) if (part.type === 'tool-call' && part.id !== '') ids.push(part.id)
  }
  return ids.reverse()
}

/**
 * A turn typed by hand after a message: a user turn, an assistant turn (to steer or few-shot the
 * model) or a tool result for an earlier call.
 */
export function InsertTurnForm({
  paneId,
  afterId,
  onDone,
}: {
  paneId: string
  afterId: string
  onDone: () => void
}): React.JSX.Element {
  const id = useId()
  const [role, setRole] = useState<Role>('user')
  const [text, setText] = useState('')
  const [toolCallId, setToolCallId] = useState<string | undefined>(undefined)
  const callIds = toolCallIdsBefore(selectPane(useAppStore.getState(), paneId)?.messages ?? [], afterId)
  const chosenCallId = toolCallId ?? callIds[0] ?? ''

  const insert = (): void => {
    const messageId = crypto.randomUUID()
    let message: StoredMessage
    if (role === 'tool') message = { id: messageId, role: 'tool', toolCallId: chosenCallId, content: text }
    else if (role === 'user') message = { id: messageId, role: 'user', content: [{ type: 'text', text }] }
    else message = { id: messageId, role: 'assistant', content: text === '' ? [] : [{ type: 'text', text }] }
    useAppStore.getState().insertMessageAfter(paneId, afterId, message)
    onDone()
  }

  return (
    <div className="insert-turn" role="group" aria-label="Insert a turn">
      <div className="insert-turn-row">
        <label htmlFor={`${id}-role`} className="chat-label">
          Turn role
        </label>
        <select
          id={`${id}-role`}
          className="select"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          <option value="user">User</option>
          <option value="assistant">Assistant</option>
          <option value="tool">Tool result</option>
        </select>
        {role === 'tool' && (
          <>
            <label htmlFor={`${id}-call`} className="chat-label">
              Tool call id
            </label>
            <input
              id={`${id}-call`}
              className="text-input insert-turn-call"
              list={`${id}-calls`}
              value={chosenCallId}
              onChange={(event) => setToolCallId(event.target.value)}
            />
            <datalist id={`${id}-calls`}>
              {callIds.map((callId) => (
                <option key={callId} value={callId} />
              ))}
            </datalist>
          </>
        )}
      </div>
      <textarea
        aria-label="Turn text"
        className="chat-textarea"
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
      <div className="msg-editor-actions">
        <Button
          size="sm"
          variant="primary"
          onClick={insert}
          disabled={role === 'tool' && chosenCallId === ''}
        >
          Insert
        </Button>
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
