import { useMemo, useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { downloadTextFile } from './download-text-file'
import { HistoryItem, type HistoryItemActions } from './HistoryItem'
import { useNow } from './use-now'
import './history.css'

/** The History tab: saved conversations, a new one, and import of an exported file. */
export function HistoryPanel(): React.JSX.Element {
  const history = useAppStore((state) => state.history)
  const status = useAppStore((state) => state.historyStatus)
  const loadError = useAppStore((state) => state.historyError)
  const openId = useAppStore((state) => state.conversation.id)
  const now = useNow()
  const fileInputRef = useRef<HTMLInputElement>(null)
  const [importError, setImportError] = useState<string>()
  const [importing, setImporting] = useState(false)

  const actions = useMemo<HistoryItemActions>(
    () => ({
      onOpen: (id) => useAppStore.getState().openConversation(id),
      onRename: (id, title) => useAppStore.getState().renameConversation(id, title),
      onDelete: (id) => useAppStore.getState().deleteConversation(id),
      onExport: async (id) => {
        const file = await useAppStore.getState().exportConversation(id)
        downloadTextFile(file.fileName, file.json)
      },
    }),
    [],
  )

  const importFile = async (file: File): Promise<void> => {
    setImportError(undefined)
    setImporting(true)
    try {
      const conversation = await useAppStore.getState().importConversation(await file.text())
      useAppStore.getState().notify('success', `Imported “${conversation.title}”.`)
    } catch (error) {
      setImportError(`Could not import ${file.name}: ${(error as Error).message}`)
    } finally {
      setImporting(false)
    }
  }

  return (
    <div className="history-panel">
      <div className="history-toolbar">
        <Button
          size="sm"
          variant="primary"
          onClick={() => {
            const store = useAppStore.getState()
            void store.settleBeforeLeaving().then(() => useAppStore.getState().startNewConversation())
          }}
        >
          New conversation
        </Button>
        <Button size="sm" disabled={importing} onClick={() => fileInputRef.current?.click()}>
          Import
        </Button>
        <input
          ref={fileInputRef}
          type="file"
          accept=".json,application/json"
          aria-label="Conversation file to import"
          className="visually-hidden"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0]
            // Cleared so choosing the same file again fires a change.
            event.target.value = ''
            if (file) void importFile(file)
          }}
        />
      </div>

      {importError && (
        <div className="history-error" role="alert">
          <span>{importError}</span>
          <Button size="sm" variant="ghost" aria-label="Dismiss" onClick={() => setImportError(undefined)}>
            ✕
          </Button>
        </div>
      )}
      {status === 'error' && (
        <div className="history-error" role="alert">
          <span>Could not load the history: {loadError}</span>
          <Button size="sm" onClick={() => void useAppStore.getState().loadHistory()}>
            Retry
          </Button>
        </div>
      )}
      {(status === 'idle' || status === 'loading') && history.length === 0 && (
        <p className="history-empty" role="status">
          Loading conversations…
        </p>
      )}
      {status === 'ready' && history.length === 0 && (
        <p className="history-empty">
          No saved conversations yet. Conversations are saved here when a reply finishes; you can also import
          an exported file.
        </p>
      )}

      {history.length > 0 && (
        <ul className="history-list" aria-label="Saved conversations">
          {history.map((summary) => (
            <HistoryItem
              key={summary.id}
              summary={summary}
              isOpen={summary.id === openId}
              now={now}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
