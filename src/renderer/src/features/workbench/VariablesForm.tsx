import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { fillTemplate } from '@shared/templates/template'
import { draftVariables } from './workbench-set'

function nextCaseId(ids: ReadonlySet<string>): string {
  let n = ids.size + 1
  while (ids.has(`case-${n}`)) n++
  return `case-${n}`
}

/**
 * A value for each detected variable, the prompt as it would be sent with them (filled by the same
 * fill a run uses), and a way to keep the values as a new case.
 */
export function VariablesForm(): React.JSX.Element | null {
  const draft = useAppStore((state) => state.wbDraft)
  const setCases = useAppStore((state) => state.setCases)
  const [values, setValues] = useState<Record<string, string>>({})
  const variables = draftVariables(draft)
  if (variables.length === 0) return null
  const current = Object.fromEntries(variables.map((name) => [name, values[name] ?? '']))
  // fillTemplate is what fillRequest applies to each text of a cell's request.
  const preview = [draft.system, draft.user]
    .filter((text) => text.trim() !== '')
    .map((text) => fillTemplate(text, current))
    .join('\n\n')
  return (
    <section className="wb-section" aria-label="Variables form">
      <h2 className="wb-heading">Try values</h2>
      <div className="wb-row">
        {variables.map((name) => (
          <label key={name} className="wb-label wb-inline">
            <code>{name}</code>
            <input
              className="text-input"
              aria-label={`Try value of ${name}`}
              value={current[name]}
              onChange={(event) => setValues({ ...values, [name]: event.target.value })}
            />
          </label>
        ))}
      </div>
      <pre className="wb-diff" aria-label="Filled prompt">
        {preview}
      </pre>
      <div className="wb-row">
        <Button
          size="sm"
          onClick={() => {
            const ids = new Set(draft.cases.map((c) => c.id))
            setCases([...draft.cases, { id: nextCaseId(ids), vars: current }])
          }}
        >
          Add as case
        </Button>
      </div>
    </section>
  )
}
