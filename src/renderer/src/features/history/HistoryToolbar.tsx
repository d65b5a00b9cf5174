import { useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'

/**
 * Import of an exported file (New conversation is in the header, reachable from any tab); a file that
 * does not import says why under the toolbar until dismissed, and the same file twice opens the
 * conversation it made the first time.
 */
export function HistoryToolbar(): React.JSX.Element {
  const fileInputRef = useRef<HTMLInputElement>(null)
  const [importError, setImportError] = useState<string>()
  const [importing, setImporting] = useState(false)

  const importFile = async (file: File): Promise<void> => {
    setImportError(undefined)
    setImporting(true)
    try {
      const known = new Set(useAppStore.getState().history.map((summary) => summary.id))
      const conversation = await useAppStore.getState().importConversation(await file.text())
      useAppStore
        .getState()
        .notify(
          'success',
          known.has(conversation.id)
            ? `“${conversation.title}” was imported before: opened it.`
            : `Imported “${conversation.title}”.`,
        )
    } catch (error) {
      setImportError(`Could not import ${file.name}: ${(error as Error).message}`)
    } finally {
      setImporting(false)
    }
  }

  return (
    <>
      <div className="history-toolbar">
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
    </>
  )
}
