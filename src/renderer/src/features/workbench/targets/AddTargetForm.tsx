import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { DialectId } from '@shared/chat/chat-request'
import { dialectList } from '@shared/dialects'
import { targetId } from './target-id'

/** A new column: a profile, one of its catalog's models, a dialect (the same target twice is ignored). */
export function AddTargetForm(): React.JSX.Element {
  const targets = useAppStore((state) => state.wbTargets)
  const setTargets = useAppStore((state) => state.setTargets)
  const profiles = useAppStore((state) => state.profiles)
  const activeProfileId = useAppStore((state) => state.activeProfileId)
  const catalogs = useAppStore((state) => state.catalogs)
  const [profileId, setProfileId] = useState(activeProfileId)
  const models = catalogs[profileId]?.models ?? []
  const [model, setModel] = useState('')
  const [dialect, setDialect] = useState<DialectId>('openai-chat')
  return (
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
        options={[{ value: '', label: 'Model…' }, ...models.map((m) => ({ value: m.model, label: m.model }))]}
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
  )
}
