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

/** A turn of `role` as typed: a tool result answers `toolCallId`. */
function typedTurn(role: Role, text: string, toolCallId: string): StoredMessage {
  const id = crypto.randomUUID()
  if (role === 'tool') return { id, role: 'tool', toolCallId, content: text }
  if (role === 'user') return { id, role: 'user', content: [{ type: 'text', text }] }
  return { id, role: 'assistant', content: text === '' ? [] : [{ type: 'text', text }] }
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
  const [role, setRole] = useState<Role>('user')
  const [text, setText] = useState('')
  const [toolCallId, setToolCallId] = useState<string | undefined>(undefined)
  const callIds = toolCallIdsBefore(selectPane(useAppStore.getState(), paneId)?.messages ?? [], afterId)
  const chosenCallId = toolCallId ?? callIds[0] ?? ''

  const insert = (): void => {
    useAppStore.getState().insertMessageAfter(paneId, afterId, typedTurn(role, text, chosenCallId))
    onDone()
  }

  return (
    <div className="insert-turn" role="group" aria-label="Insert a turn">
      <TurnRoleFields
        role={role}
        onRole={setRole}
        callIds={callIds}
        chosenCallId={chosenCallId}
        onCallId={setToolCallId}
      />
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

/** The turn's role, and for a tool result the call it answers (the pane's calls offered). */
function TurnRoleFields({
  role,
  onRole,
  callIds,
  chosenCallId,
  onCallId,
}: {
  role: Role
  onRole: (role: Role) => void
  callIds: readonly string[]
  chosenCallId: string
  onCallId: (id: string) => void
}): React.JSX.Element {
  const id = useId()
  return (
    <div className="insert-turn-row">
      <label htmlFor={`${id}-role`} className="chat-label">
        Turn role
      </label>
      <select
        id={`${id}-role`}
        className="select"
        value={role}
        onChange={(event) => onRole(event.target.value as Role)}
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
            onChange={(event) => onCallId(event.target.value)}
          />
          <datalist id={`${id}-calls`}>
            {callIds.map((callId) => (
              <option key={callId} value={callId} />
            ))}
          </datalist>
        </>
      )}
    </div>
  )
}
