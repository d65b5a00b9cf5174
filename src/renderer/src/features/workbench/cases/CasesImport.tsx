import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'

/**
 * Cases from a CSV or JSONL file, or pasted as either; they replace the draft's cases. `children`
 * sit in the row beside the file picker (Add case). A file that does not read says where, below.
 */
export function CasesImport({ children }: { children: React.ReactNode }): React.JSX.Element {
  const importCasesText = useAppStore((state) => state.importCasesText)
  const [paste, setPaste] = useState('')
  const [importError, setImportError] = useState<string>()
  const doImport = (text: string, fileName: string): void => {
    importCasesText(text, fileName).then(
      () => setImportError(undefined),
      (error: unknown) => setImportError((error as Error).message),
    )
  }
  return (
    <>
      <div className="wb-row">
        <label className="btn btn-secondary btn-sm">
          Import CSV/JSONL…
          <input
            type="file"
            accept=".csv,.jsonl,.ndjson,text/csv"
            className="visually-hidden"
            aria-label="Import cases file"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void file.text().then((text) => doImport(text, file.name))
              event.target.value = ''
            }}
          />
        </label>
        {children}
      </div>
      <details className="wb-paste">
        <summary>Paste CSV or JSONL</summary>
        <textarea
          className="text-input wb-textarea"
          aria-label="Pasted cases"
          rows={4}
          value={paste}
          onChange={(event) => setPaste(event.target.value)}
        />
        <div className="wb-row">
          <Button size="sm" onClick={() => doImport(paste, 'pasted.csv')}>
            Import as CSV
          </Button>
          <Button size="sm" onClick={() => doImport(paste, 'pasted.jsonl')}>
            Import as JSONL
          </Button>
        </div>
      </details>
      {importError && (
        <div className="field-error" role="alert">
          {importError}
        </div>
      )}
    </>
  )
}
