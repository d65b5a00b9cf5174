import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import type { TestCase } from '@shared/eval'
import { gradersFromLines, gradersToLines } from '@renderer/features/workbench/grader-form'

/**
 * A page of the draft's cases as editable rows: one input per variable, the case's graders, remove.
 * `first` is the index of the page's first case in `cases`.
 */
export function CasesTable({
  cases,
  columns,
  first,
  shown,
}: {
  cases: readonly TestCase[]
  columns: readonly string[]
  first: number
  shown: readonly TestCase[]
}): React.JSX.Element {
  const setCases = useAppStore((state) => state.setCases)
  const updateCase = (index: number, next: TestCase): void =>
    setCases(cases.map((c, i) => (i === index ? next : c)))
  return (
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
            <CaseRow
              key={testCase.id}
              testCase={testCase}
              columns={columns}
              onChange={(next) => updateCase(index, next)}
              onRemove={() => setCases(cases.filter((_, i) => i !== index))}
            />
          )
        })}
      </tbody>
    </table>
  )
}

function CaseRow({
  testCase,
  columns,
  onChange,
  onRemove,
}: {
  testCase: TestCase
  columns: readonly string[]
  onChange: (next: TestCase) => void
  onRemove: () => void
}): React.JSX.Element {
  return (
    <tr>
      <td className="wb-case-id-cell" title={testCase.id}>
        {testCase.id}
      </td>
      {columns.map((column) => (
        <td key={column}>
          <input
            className="text-input wb-cell-input"
            aria-label={`${column} of ${testCase.id}`}
            value={testCase.vars[column] ?? ''}
            onChange={(event) =>
              onChange({ ...testCase, vars: { ...testCase.vars, [column]: event.target.value } })
            }
          />
        </td>
      ))}
      <td>
        <CaseGraders testCase={testCase} onChange={onChange} />
      </td>
      <td>
        <Button size="sm" variant="ghost" aria-label={`Remove ${testCase.id}`} onClick={onRemove}>
          ✕
        </Button>
      </td>
    </tr>
  )
}

/** The per-case graders cell: edited as `kind: argument` lines, applied when the text parses. */
function CaseGraders({ testCase, onChange }: { testCase: TestCase; onChange: (c: TestCase) => void }) {
  const [text, setText] = useState(gradersToLines(testCase.graders))
  const [error, setError] = useState<string>()
  return (
    <>
      <textarea
        className="text-input wb-cell-input wb-graders-input"
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
