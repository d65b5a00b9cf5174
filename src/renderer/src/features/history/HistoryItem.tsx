import { memo, useEffect, useId, useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { ConfirmButton } from '@renderer/components/ConfirmButton'
import { Truncate } from '@renderer/components/Truncate'
import { useActionError } from '@renderer/components/use-action-error'
import type { ConversationSummary } from '@shared/history/conversation'
import { formatFullTime, formatRelativeTime } from './relative-time'

export type HistoryItemActions = {
  onOpen(id: string): Promise<void>
  onRename(id: string, title: string): Promise<void>
  onDelete(id: string): Promise<void>
  onExport(id: string): Promise<void>
  onExportMarkdown(id: string): Promise<void>
}

/**
 * One saved conversation: title, when, which models; Open, Rename (inline: Enter saves, Escape
 * cancels), Delete (asks first), Export (the JSON that imports back) and Markdown (to read). Failures show under the entry with main's message.
 */
export const HistoryItem = memo(function HistoryItem({
  summary,
  isOpen,
  now,
  actions,
}: {
  summary: ConversationSummary
  /** It is the conversation on screen. */
  isOpen: boolean
  now: number
  actions: HistoryItemActions
}): React.JSX.Element {
  const [renaming, setRenaming] = useState(false)
  const { error, run } = useActionError()

  return (
    <li
      className={`history-item ${isOpen ? 'history-item-open' : ''}`}
      aria-current={isOpen ? 'true' : undefined}
    >
      {renaming ? (
        <RenameField
          initial={summary.title}
          onCancel={() => setRenaming(false)}
          onSave={(title) =>
            run(async () => {
              await actions.onRename(summary.id, title)
              setRenaming(false)
            })
          }
        />
      ) : (
        <Truncate as="strong" text={summary.title || 'Untitled'} className="history-title" />
      )}
      <HistoryMeta summary={summary} now={now} />
      {!renaming && (
        <HistoryActions
          id={summary.id}
          isOpen={isOpen}
          actions={actions}
          run={run}
          onRename={() => setRenaming(true)}
        />
      )}
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </li>
  )
})

/** Open, Rename, Export (JSON), Markdown, Delete: each failure shows under the entry (`run`). */
function HistoryActions({
  id,
  isOpen,
  actions,
  run,
  onRename,
}: {
  id: string
  isOpen: boolean
  actions: HistoryItemActions
  run: (action: () => Promise<void>) => Promise<void>
  onRename: () => void
}): React.JSX.Element {
  return (
    <div className="history-actions">
      <Button
        size="sm"
        variant={isOpen ? 'ghost' : 'secondary'}
        onClick={() => void run(() => actions.onOpen(id))}
      >
        Open
      </Button>
      <Button size="sm" variant="ghost" onClick={onRename}>
        Rename
      </Button>
      <Button size="sm" variant="ghost" onClick={() => void run(() => actions.onExport(id))}>
        Export
      </Button>
      <Button
        size="sm"
        variant="ghost"
        title="Export as Markdown, to read or paste elsewhere"
        onClick={() => void run(() => actions.onExportMarkdown(id))}
      >
        Markdown
      </Button>
      <ConfirmButton
        label="Delete"
        question="Delete it?"
        confirmLabel="Delete"
        onConfirm={() => run(() => actions.onDelete(id))}
      />
    </div>
  )
}

/** When it was last changed (relative, the full time on hover), how many messages, which models. */
function HistoryMeta({ summary, now }: { summary: ConversationSummary; now: number }): React.JSX.Element {
  const messages = `${summary.messageCount} ${summary.messageCount === 1 ? 'message' : 'messages'}`
  const models = summary.models.filter((model) => model !== '').join(', ')
  return (
    <>
      <div className="history-meta">
        <time dateTime={new Date(summary.updatedAt).toISOString()} title={formatFullTime(summary.updatedAt)}>
          {formatRelativeTime(summary.updatedAt, now)}
        </time>
        <span aria-hidden="true"> · </span>
        <span>{messages}</span>
      </div>
      {models && <Truncate text={models} className="history-models" />}
    </>
  )
}

function RenameField({
  initial,
  onSave,
  onCancel,
}: {
  initial: string
  onSave: (title: string) => Promise<void>
  onCancel: () => void
}): React.JSX.Element {
  const [title, setTitle] = useState(initial)
  const [problem, setProblem] = useState<string>()
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  useEffect(() => {
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [])

  const save = (): void => {
    if (title.trim() === '') {
      setProblem('A title cannot be empty.')
      return
    }
    void onSave(title.trim())
  }

  return (
    <div className="history-rename">
      <label className="visually-hidden" htmlFor={id}>
        Title
      </label>
      <input
        ref={inputRef}
        id={id}
        className="text-input"
        value={title}
        maxLength={200}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setTitle(event.target.value)
          setProblem(undefined)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            save()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            onCancel()
          }
        }}
      />
      <div className="history-rename-actions">
        <Button size="sm" variant="primary" onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {problem && (
        <div id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </div>
      )}
    </div>
  )
}
