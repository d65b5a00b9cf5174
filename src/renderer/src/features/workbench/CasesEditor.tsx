import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import type { TestCase } from '@shared/eval'
import { gradersFromLines, gradersToLines } from './grader-form'
import { draftVariables } from './workbench-set'

/** Reads a file chosen in the picker as text (import of CSV/JSONL cases). */
async function readFile(file: File): Promise<string> {
  return file.text()
}

const PAGE_SIZE = 100

function nextCaseId(cases: readonly TestCase[]): string {
  const ids = new Set(cases.map((c) => c.id))
  let n = cases.length + 1
  while (ids.has(`case-${n}`)) n++
  return `case-${n}`
}

/** The per-case graders cell: edited as `kind: argument` lines, applied when the text parses. */
function CaseGraders({ testCase, onChange }: { testCase: TestCase; onChange: (c: TestCase) => void }) {
  const [text, setText] = useState(gradersToLines(testCase.graders))
  const [error, setError] = useState<string>()
  return (
    <>
      <textarea
        className="text-input wb-cell-input"
        aria-label={`Graders of ${testCase.id}`}
        rows={Math.max(1, text.split('\n').length)}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          try {
            const graders = gradersFromLines(event.target.value)
            const { graders: _old, ...rest } = testCase
            onChange(graders.length > 0 ? { ...rest, graders } : rest)
            setError(undefined)
          } catch (problem) {
            setError((problem as Error).message)
          }
        }}
      />
      {error && <div className="field-error">{error}</div>}
    </>
  )
}

/** The test set's cases: a table of variable values and per-case graders; import from CSV/JSONL. */
export function CasesEditor(): React.JSX.Element {
  const draft = useAppStore((state) => state.wbDraft)
  const setCases = useAppStore((state) => state.setCases)
  const importCasesText = useAppStore((state) => state.importCasesText)
  const [paste, setPaste] = useState('')
  const [importError, setImportError] = useState<string>()
  const variables = draftVariables(draft)
  const columns = [...new Set([...variables, ...draft.cases.flatMap((c) => Object.keys(c.vars))])]
  const updateCase = (index: number, next: TestCase): void =>
    setCases(draft.cases.map((c, i) => (i === index ? next : c)))
  const doImport = (text: string, fileName: string): void => {
    importCasesText(text, fileName).then(
      () => setImportError(undefined),
      (error: unknown) => setImportError((error as Error).message),
    )
  }
  // Pages of editable rows: a 10,000-case set must not put 10,000 rows of inputs in the DOM.
  const [page, setPage] = useState(0)
  const pages = Math.max(1, Math.ceil(draft.cases.length / PAGE_SIZE))
  const currentPage = Math.min(page, pages - 1)
  const first = currentPage * PAGE_SIZE
  const shown = draft.cases.slice(first, first + PAGE_SIZE)
  return (
    <section className="wb-section" aria-label="Test cases">
      <h2 className="wb-heading">Cases ({draft.cases.length})</h2>
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
              if (file) void readFile(file).then((text) => doImport(text, file.name))
              event.target.value = ''
            }}
          />
        </label>
        <Button
          size="sm"
          onClick={() =>
            setCases([
              ...draft.cases,
              { id: nextCaseId(draft.cases), vars: Object.fromEntries(variables.map((v) => [v, ''])) },
            ])
          }
        >
          Add case
        </Button>
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
      {draft.cases.length > 0 && (
        <table className="wb-table" aria-label="Cases">
          <thead>
            <tr>
              <th>Id</th>
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
              <th>Graders</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.map((testCase, pageIndex) => {
              const index = first + pageIndex
              return (
                <tr key={testCase.id}>
                  <td>{testCase.id}</td>
                  {columns.map((column) => (
                    <td key={column}>
                      <input
                        className="text-input wb-cell-input"
                        aria-label={`${column} of ${testCase.id}`}
                        value={testCase.vars[column] ?? ''}
                        onChange={(event) =>
                          updateCase(index, {
                            ...testCase,
                            vars: { ...testCase.vars, [column]: event.target.value },
                          })
                        }
                      />
                    </td>
                  ))}
                  <td>
                    <CaseGraders testCase={testCase} onChange={(next) => updateCase(index, next)} />
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${testCase.id}`}
                      onClick={() => setCases(draft.cases.filter((_, i) => i !== index))}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <div className="wb-row" role="navigation" aria-label="Case pages">
          <Button size="sm" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
            Previous
          </Button>
          <span>
            Cases {first + 1}–{first + shown.length} of {draft.cases.length}
          </span>
          <Button size="sm" disabled={currentPage >= pages - 1} onClick={() => setPage(currentPage + 1)}>
            Next
          </Button>
        </div>
      )}
    </section>
  )
}
