import { useEffect, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { DialectId } from '@shared/chat/chat-request'
import { dialectList } from '@shared/dialects'
import type { EvalTarget, ParamPreset } from '@shared/eval'

// Without the preset: compare matches cells by target id, so a changed temperature is the same column.
function targetId(profileId: string, dialect: DialectId, model: string): string {
  return `${profileId}/${dialect}:${model}`
}

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

/** The matrix's columns: profile + model + dialect + a parameter preset (temperature). */
export function TargetsEditor(): React.JSX.Element {
  const targets = useAppStore((state) => state.wbTargets)
  const chosen = useAppStore((state) => state.wbTargetsChosen)
  const setTargets = useAppStore((state) => state.setTargets)
  const setTargetParams = useAppStore((state) => state.setTargetParams)
  const profiles = useAppStore((state) => state.profiles)
  const activeProfileId = useAppStore((state) => state.activeProfileId)
  const catalogs = useAppStore((state) => state.catalogs)
  const [profileId, setProfileId] = useState(activeProfileId)
  const models = catalogs[profileId]?.models ?? []
  const [model, setModel] = useState('')
  const [dialect, setDialect] = useState<DialectId>('openai-chat')

  // The first time: both dialects × the first two models of the active profile.
  useEffect(() => {
    const first = catalogs[activeProfileId]?.models.slice(0, 2) ?? []
    if (chosen || first.length === 0) return
    setTargets(
      first.flatMap((m) =>
        dialectList.map((d): EvalTarget => ({
          id: targetId(activeProfileId, d.id, m.model),
          connection: activeProfileId,
          model: m.model,
          dialect: d.id,
        })),
      ),
    )
  }, [catalogs, activeProfileId, chosen, setTargets])

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
      <div className="wb-row">
        <SelectField
          label="Target profile"
          hideLabel
          inline
          value={profileId}
          onChange={setProfileId}
          options={profiles.map((profile) => ({ value: profile.id, label: profile.name }))}
        />
        <SelectField
          label="Target model"
          hideLabel
          inline
          value={model}
          onChange={setModel}
          options={[
            { value: '', label: 'Model…' },
            ...models.map((m) => ({ value: m.model, label: m.model })),
          ]}
        />
        <SelectField<DialectId>
          label="Target dialect"
          hideLabel
          inline
          value={dialect}
          onChange={setDialect}
          options={dialectList.map((d) => ({ value: d.id, label: d.label }))}
        />
        <Button
          size="sm"
          disabled={model === ''}
          onClick={() => {
            const id = targetId(profileId, dialect, model)
            if (targets.some((t) => t.id === id)) return
            setTargets([...targets, { id, connection: profileId, model, dialect }])
          }}
        >
          Add target
        </Button>
      </div>
    </section>
  )
}
