import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { SelectField } from '@renderer/components/SelectField'
import { TextField } from '@renderer/components/TextField'
import type { ProfileSaveResult } from '@shared/ipc/contract'
import { insecureBaseUrlWarning, originChanged, urlOrigin } from '@shared/settings/profile-origin'
import type { Profile } from '@shared/settings/settings-schema'
import { useAppStore } from '@renderer/store'
import {
  EMPTY_PROFILE_FORM,
  errorsFromMainMessage,
  profileFormValues,
  validateProfileForm,
  type ProfileFormErrors,
  type ProfileFormValues,
} from './profile-form'

const CATALOG_SOURCE_OPTIONS = [
  { value: 'gateway', label: "The gateway's catalog (GET /catalog)" },
  { value: 'bundled', label: 'The bundled catalog (never fetched)' },
] as const

/** Add a remote profile, or edit one (`profile` given). Errors show under their field. */
export function ProfileForm({
  profile,
  onDone,
}: {
  profile?: Profile
  onDone: (saved: ProfileSaveResult | null) => void
}): React.JSX.Element {
  const hasKey = useAppStore((state) => (profile ? state.keyStatus[profile.id]?.hasKey === true : false))
  const [values, setValues] = useState<ProfileFormValues>(
    profile ? profileFormValues(profile) : EMPTY_PROFILE_FORM,
  )
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [saving, setSaving] = useState(false)
  const editing = profile !== undefined
  const insecure = insecureBaseUrlWarning(values.baseUrl)
  // Said before saving, so the user can still keep the old address (main drops the key on save).
  const newOrigin = urlOrigin(values.baseUrl.trim())
  const keyWillGo =
    editing && hasKey && newOrigin !== undefined && originChanged(profile.baseUrl, values.baseUrl.trim())
      ? `Saving removes this profile's key: it was given for ${urlOrigin(profile.baseUrl) ?? profile.baseUrl}, not ${newOrigin}. Enter it again afterwards if this server should have it.`
      : undefined

  const update = (field: keyof ProfileFormValues, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }))
    // The error of a field goes once the user changes it; the others stay until the next save.
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }))
  }

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    const checked = validateProfileForm(values, profile?.id)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setSaving(true)
    try {
      const saved = await useAppStore.getState().saveProfile(checked.input)
      onDone(saved)
    } catch (error) {
      setErrors(errorsFromMainMessage((error as Error).message))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      className="settings-profile-form"
      aria-label={editing ? `Edit ${profile.name}` : 'New profile'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Name"
        value={values.name}
        error={errors.name}
        maxLength={80}
        autoComplete="off"
        onChange={(event) => update('name', event.target.value)}
      />
      <TextField
        label="Base URL"
        value={values.baseUrl}
        error={errors.baseUrl}
        placeholder="https://gateway.example.com/v1"
        hint="Requests go to <base URL>/chat/completions and <base URL>/messages."
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => update('baseUrl', event.target.value)}
      />
      {insecure && (
        <p className="settings-warning" role="status">
          {insecure}
        </p>
      )}
      {keyWillGo && (
        <p className="settings-warning" role="status">
          {keyWillGo}
        </p>
      )}
      <TextField
        label="Login URL (optional)"
        value={values.loginUrl}
        error={errors.loginUrl}
        placeholder="https://gateway.example.com/login"
        hint="Where to sign in for a key; the model cards link to it when the profile has none."
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => update('loginUrl', event.target.value)}
      />
      <SelectField
        label="Catalog source"
        value={values.catalogSource}
        options={CATALOG_SOURCE_OPTIONS}
        error={errors.catalogSource}
        onChange={(value) => update('catalogSource', value)}
      />
      {errors.form && (
        <div className="field-error" role="alert">
          {errors.form}
        </div>
      )}
      <div className="settings-form-actions">
        <Button type="button" variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {editing ? 'Save profile' : 'Add profile'}
        </Button>
      </div>
    </form>
  )
}
