import { useMemo } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { downloadTextFile } from './download-text-file'
import { HistoryItem, type HistoryItemActions } from './HistoryItem'
import { HistoryToolbar } from './HistoryToolbar'
import { useNow } from './use-now'
import './history.css'

/** The History tab: saved conversations, a new one, and import of an exported file. */
export function HistoryPanel(): React.JSX.Element {
  const history = useAppStore((state) => state.history)
  const openId = useAppStore((state) => state.conversation.id)
  const now = useNow()
  const actions = useMemo<HistoryItemActions>(
    () => ({
      onOpen: (id) => useAppStore.getState().openConversation(id),
      onRename: (id, title) => useAppStore.getState().renameConversation(id, title),
      onDelete: (id) => useAppStore.getState().deleteConversation(id),
      onExport: async (id) => {
        const file = await useAppStore.getState().exportConversation(id)
        downloadTextFile(file.fileName, file.json)
      },
      onExportMarkdown: async (id) => {
        const file = await useAppStore.getState().exportConversationMarkdown(id)
        downloadTextFile(file.fileName, file.markdown, 'text/markdown')
      },
    }),
    [],
  )
  return (
    <div className="history-panel">
      <HistoryToolbar />
      <HistoryStatus empty={history.length === 0} />
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

/** Where the list stands: not loaded (with Retry), loading, or loaded and empty. */
function HistoryStatus({ empty }: { empty: boolean }): React.JSX.Element | null {
  const status = useAppStore((state) => state.historyStatus)
  const loadError = useAppStore((state) => state.historyError)
  if (status === 'error') {
    return (
      <div className="history-error" role="alert">
        <span>Could not load the history: {loadError}</span>
        <Button size="sm" onClick={() => void useAppStore.getState().loadHistory()}>
          Retry
        </Button>
      </div>
    )
  }
  if (!empty) return null
  if (status === 'idle' || status === 'loading') {
    return (
      <p className="history-empty" role="status">
        Loading conversations…
      </p>
    )
  }
  return (
    <p className="history-empty">
      No saved conversations yet. Conversations are saved here when a reply finishes; you can also import an
      exported file.
    </p>
  )
}
