import { useState } from 'react'
import { SelectField } from '@renderer/components/SelectField'
import { TextField } from '@renderer/components/TextField'
import {
  replayProfileInputSchema,
  type Profile,
  type ReplayProfileInput,
} from '@shared/settings/settings-schema'
import { useAppStore } from '@renderer/store'
import { FormFooter } from './FormFooter'

const SPEED_OPTIONS = [
  { value: '1', label: '1× (the recorded pace)' },
  { value: 'instant', label: 'Instant (no waiting)' },
] as const

type Field = 'name' | 'folder' | 'form'

/**
 * Add or edit a replay profile (docs/cassettes.md "In the app"): its replies come from the cassettes
 * in a folder, through a gateway main runs for it; a request no cassette matches is an error that
 * names the closest one. Checked here with main's schema, then by main.
 */
export function ReplayProfileForm({
  profile,
  onDone,
}: {
  profile?: Profile
  onDone: () => void
}): React.JSX.Element {
  const { name, setName, folder, setFolder, speed, setSpeed, errors, setErrors, saving, submit } =
    useReplayProfileForm(profile, onDone)

  return (
    <form
      className="settings-profile-form"
      aria-label={profile ? `Edit ${profile.name}` : 'New replay profile'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Name"
        value={name}
        error={errors.name}
        maxLength={80}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value)
          setErrors({})
        }}
      />
      <TextField
        label="Cassette folder"
        value={folder}
        error={errors.folder}
        placeholder="my-recordings"
        hint="A full path, or a name under the app's data folder's cassettes/ (where a profile that records puts them)."
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setFolder(event.target.value)
          setErrors({})
        }}
      />
      <SelectField label="Speed" value={speed} options={SPEED_OPTIONS} onChange={setSpeed} />
      <p className="settings-muted">
        On a miss: an error that names the closest cassette. No key is needed: nothing leaves this machine.
      </p>
      <FormFooter
        error={errors.form}
        saving={saving}
        submitLabel={profile ? 'Save profile' : 'Add replay profile'}
        onCancel={onDone}
      />
    </form>
  )
}

/** The replay form's fields, their errors, and the save: checked with main's schema, then by main. */
function useReplayProfileForm(profile: Profile | undefined, onDone: () => void) {
  const [name, setName] = useState(profile?.name ?? 'Replay')
  const [folder, setFolder] = useState(profile?.replay?.folder ?? '')
  const [speed, setSpeed] = useState<'1' | 'instant'>(profile?.replay?.speed === 'instant' ? 'instant' : '1')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [saving, setSaving] = useState(false)

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    const input: ReplayProfileInput = {
      ...(profile === undefined ? {} : { id: profile.id }),
      name,
      folder,
      speed: speed === 'instant' ? 'instant' : 1,
    }
    const checked = replayProfileInputSchema.safeParse(input)
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'name' || issue.path[0] === 'folder' ? issue.path[0] : 'form'
        found[field] ??= issue.message
      }
      setErrors(found)
      return
    }
    setSaving(true)
    try {
      await useAppStore.getState().saveReplayProfile(input)
      onDone()
    } catch (error) {
      const message = (error as Error).message
      const match = /^(name|folder): (.+)$/s.exec(message)
      setErrors(match ? { [match[1] as Field]: match[2] } : { folder: message })
    } finally {
      setSaving(false)
    }
  }

  return { name, setName, folder, setFolder, speed, setSpeed, errors, setErrors, saving, submit }
}
