import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import type { TestCase } from '@shared/eval'
import { draftVariables } from '@renderer/features/workbench/workbench-set'
import { CasesImport } from './CasesImport'
import { CasesTable } from './CasesTable'

/** Pages of editable rows: a 10,000-case set must not put 10,000 rows of inputs in the DOM. */
const PAGE_SIZE = 100

function nextCaseId(cases: readonly TestCase[]): string {
  const ids = new Set(cases.map((c) => c.id))
  let n = cases.length + 1
  while (ids.has(`case-${n}`)) n++
  return `case-${n}`
}

/** The test set's cases: a table of variable values and per-case graders; import from CSV/JSONL. */
export function CasesEditor(): React.JSX.Element {
  const draft = useAppStore((state) => state.wbDraft)
  const setCases = useAppStore((state) => state.setCases)
  const variables = draftVariables(draft)
  const columns = [...new Set([...variables, ...draft.cases.flatMap((c) => Object.keys(c.vars))])]
  const [page, setPage] = useState(0)
  const pages = Math.max(1, Math.ceil(draft.cases.length / PAGE_SIZE))
  const currentPage = Math.min(page, pages - 1)
  const first = currentPage * PAGE_SIZE
  const shown = draft.cases.slice(first, first + PAGE_SIZE)
  return (
    <section className="wb-section" aria-label="Test cases">
      <h2 className="wb-heading">Cases ({draft.cases.length})</h2>
      <CasesImport>
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
      </CasesImport>
      {draft.cases.length > 0 && (
        <CasesTable cases={draft.cases} columns={columns} first={first} shown={shown} />
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
