import { useId, useState } from 'react'
import type { ToolCallPart } from '@shared/chat/chat-request'
import type { StoredMessage } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { ToolCallView } from './ToolCallView'

type ResultDraft = { content: string; isError: boolean }

/**
 * The tool-call lab: each call with a box for what the tool returned (and whether it failed), then
 * "Continue" adds one tool message per call and asks the model again. A box left empty is said first
 * (an empty string is a valid result, but usually a forgotten one): a second press sends it as is.
 */
export function ToolResultsForm({
  paneId,
  afterId,
  calls,
}: {
  paneId: string
  afterId: string
  calls: ToolCallPart[]
}): React.JSX.Element {
  const [drafts, setDrafts] = useState<ResultDraft[]>(() =>
    calls.map(() => ({ content: '', isError: false })),
  )
  const [emptyAsked, setEmptyAsked] = useState(false)
  const update = (index: number, patch: Partial<ResultDraft>): void => {
    setEmptyAsked(false)
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)))
  }
  const emptyNames = calls
    .filter((_, index) => (drafts[index]?.content ?? '').trim() === '')
    .map((call) => call.name)

  const submit = (): void => {
    const store = useAppStore.getState()
    let previous = afterId
    calls.forEach((call, index) => {
      const draft = drafts[index] ?? { content: '', isError: false }
      const message: StoredMessage = {
        id: crypto.randomUUID(),
        role: 'tool',
        toolCallId: call.id,
        content: draft.content,
        ...(draft.isError ? { isError: true } : {}),
      }
      store.updatePane(paneId, (pane) => {
        const at = pane.messages.findIndex((m) => m.id === previous)
        const messages = [...pane.messages]
        messages.splice(at + 1, 0, message)
        return { ...pane, messages }
      })
      previous = message.id
    })
    void store.continuePane(paneId)
  }

  return (
    <div className="tool-results">
      {calls.map((call, index) => (
        <ToolCallView key={call.id || index} call={call}>
          <ToolResultField
            name={call.name}
            draft={drafts[index] ?? { content: '', isError: false }}
            onChange={(patch) => update(index, patch)}
          />
        </ToolCallView>
      ))}
      {emptyAsked && emptyNames.length > 0 && (
        <p className="field-error" role="alert">
          No result typed for {emptyNames.join(', ')}: the model would get an empty one. Type it, or press
          “Continue with empty result” to send it as is.
        </p>
      )}
      <div className="tool-results-actions">
        <Button
          size="sm"
          variant="primary"
          onClick={() => {
            if (emptyNames.length > 0 && !emptyAsked) setEmptyAsked(true)
            else submit()
          }}
        >
          {emptyAsked && emptyNames.length > 0 ? 'Continue with empty result' : 'Continue'}
        </Button>
        <span className="chat-hint">Adds the results as tool turns and asks the model again.</span>
      </div>
    </div>
  )
}

function ToolResultField({
  name,
  draft,
  onChange,
}: {
  name: string
  draft: ResultDraft
  onChange: (patch: Partial<ResultDraft>) => void
}): React.JSX.Element {
  const id = useId()
  return (
    <div className="tool-result-field">
      <label htmlFor={id} className="chat-label">
        Tool result for {name}
      </label>
      <textarea
        id={id}
        className="chat-textarea chat-textarea-mono"
        placeholder='{"result": …}'
        value={draft.content}
        onChange={(event) => onChange({ content: event.target.value })}
      />
      <label className="chat-check">
        <input
          type="checkbox"
          checked={draft.isError}
          onChange={(event) => onChange({ isError: event.target.checked })}
        />
        is error
      </label>
    </div>
  )
}
