import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { GraderType } from '@shared/eval'
import { GRADER_KINDS, graderArg, graderFromForm } from './grader-form'

/** Graders every case gets (the set's), picked by kind with one argument. */
export function GradersEditor(): React.JSX.Element {
  const graders = useAppStore((state) => state.wbDraft.graders)
  const setSetGraders = useAppStore((state) => state.setSetGraders)
  const [type, setType] = useState<GraderType>('contains')
  const [arg, setArg] = useState('')
  const [error, setError] = useState<string>()
  const hint = GRADER_KINDS.find((kind) => kind.type === type)?.arg ?? ''
  return (
    <section className="wb-section" aria-label="Set graders">
      <h2 className="wb-heading">Graders for every case</h2>
      <ul className="wb-list">
        {graders.map((spec, index) => (
          <li key={`${spec.type}-${index}`}>
            <code>{spec.type}</code> {graderArg(spec)}{' '}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove grader ${index + 1}`}
              onClick={() => setSetGraders(graders.filter((_, i) => i !== index))}
            >
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="wb-row"
        onSubmit={(event) => {
          event.preventDefault()
          try {
            setSetGraders([...graders, graderFromForm(type, arg)])
            setArg('')
            setError(undefined)
          } catch (problem) {
            setError((problem as Error).message)
          }
        }}
      >
        <SelectField<GraderType>
          label="Grader kind"
          hideLabel
          inline
          value={type}
          onChange={setType}
          options={GRADER_KINDS.map((kind) => ({ value: kind.type, label: kind.type }))}
        />
        <input
          className="text-input"
          aria-label="Grader argument"
          placeholder={hint}
          value={arg}
          onChange={(event) => setArg(event.target.value)}
        />
        <Button size="sm" type="submit">
          Add grader
        </Button>
      </form>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </section>
  )
}
