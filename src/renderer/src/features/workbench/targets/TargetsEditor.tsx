import { Button } from '@renderer/components/Button'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { EvalTarget, ParamPreset } from '@shared/eval'
import { AddTargetForm } from './AddTargetForm'
import { TargetReasoning } from './TargetReasoning'
import { useDefaultTargets } from './use-default-targets'

/** One number of a target's parameter preset; empty means the prompt's own value. */
function PresetNumber(props: {
  target: EvalTarget
  field: 'temperature' | 'maxTokens'
  label: string
  step: number
  onChange: (targetId: string, params: ParamPreset | undefined) => void
}): React.JSX.Element {
  const { target, field, label, step, onChange } = props
  return (
    <input
      className="text-input wb-number"
      type="number"
      step={step}
      min={field === 'maxTokens' ? 1 : 0}
      aria-label={`${label} of ${target.dialect} ${target.model}`}
      placeholder={field === 'maxTokens' ? 'max' : 'temp.'}
      value={target.params?.[field] ?? ''}
      onChange={(event) => {
        const { [field]: _old, ...rest } = target.params ?? {}
        const value = event.target.value
        onChange(target.id, value === '' ? rest : { ...rest, [field]: Number(value) })
      }}
    />
  )
}

/** Where rubric graders send their grading request: one of the targets (the first by default). */
function GradingTargetPicker(): React.JSX.Element | null {
  const targets = useAppStore((state) => state.wbTargets)
  const chosen = useAppStore((state) => state.wbGraderTargetId)
  const setGraderTarget = useAppStore((state) => state.setGraderTarget)
  const first = targets[0]
  if (first === undefined) return null
  const value = targets.some((t) => t.id === chosen) ? (chosen as string) : first.id
  return (
    <SelectField
      label="Grading target"
      hint="Rubric graders send their grading request here."
      value={value}
      onChange={setGraderTarget}
      options={targets.map((t) => ({ value: t.id, label: `${t.connection} · ${t.model} · ${t.dialect}` }))}
    />
  )
}

/** The matrix's columns: profile + model + dialect + a parameter preset (temperature, max tokens, reasoning). */
export function TargetsEditor(): React.JSX.Element {
  const targets = useAppStore((state) => state.wbTargets)
  const setTargets = useAppStore((state) => state.setTargets)
  const setTargetParams = useAppStore((state) => state.setTargetParams)
  useDefaultTargets()
  return (
    <section className="wb-section" aria-label="Targets">
      <h2 className="wb-heading">Targets</h2>
      <table className="wb-table" aria-label="Target list">
        <tbody>
          {targets.map((target) => (
            <tr key={target.id}>
              <td>{target.connection}</td>
              <td>{target.model}</td>
              <td>{target.dialect}</td>
              <td>
                <PresetNumber
                  target={target}
                  field="temperature"
                  label="Temperature"
                  step={0.1}
                  onChange={setTargetParams}
                />
              </td>
              <td>
                <PresetNumber
                  target={target}
                  field="maxTokens"
                  label="Max tokens"
                  step={1}
                  onChange={setTargetParams}
                />
              </td>
              <td>
                <TargetReasoning target={target} onChange={setTargetParams} />
              </td>
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove target ${target.id}`}
                  onClick={() => setTargets(targets.filter((t) => t.id !== target.id))}
                >
                  ✕
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AddTargetForm />
      <GradingTargetPicker />
    </section>
  )
}
