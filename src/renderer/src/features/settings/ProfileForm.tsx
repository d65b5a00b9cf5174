import { useRef } from 'react'
import { SelectField } from '@renderer/components/SelectField'
import { TextField } from '@renderer/components/TextField'
import type { ProfileSaveResult } from '@shared/ipc/contract'
import { insecureBaseUrlWarning } from '@shared/settings/profile-origin'
import type { Profile } from '@shared/settings/settings-schema'
import { useAppStore } from '@renderer/store'
import { keyRemovalWarning } from './profile-form'
import { useProfileForm } from './use-profile-form'
import { FormFooter } from './FormFooter'

const CATALOG_SOURCE_OPTIONS = [
  { value: 'gateway', label: "The gateway's catalog (GET /catalog)" },
  { value: 'bundled', label: 'The bundled catalog (never fetched)' },
] as const

/**
 * Add a remote profile, with its key if the user has it at hand, or edit one (`profile` given: its key
 * has its own form in the list). Errors show under their field.
 */
export function ProfileForm({
  profile,
  onDone,
}: {
  profile?: Profile
  onDone: (saved: ProfileSaveResult | null) => void
}): React.JSX.Element {
  const hasKey = useAppStore((state) => (profile ? state.keyStatus[profile.id]?.hasKey === true : false))
  const keyRef = useRef<HTMLInputElement>(null)
  const { values, errors, keyError, saving, update, submit } = useProfileForm(profile, onDone, keyRef)
  const editing = profile !== undefined
  const insecure = insecureBaseUrlWarning(values.baseUrl)
  // Said before saving, so the user can still keep the old address (main drops the key on save).
  const keyWillGo = hasKey ? keyRemovalWarning(profile, values.baseUrl) : undefined

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
      <UrlField
        label="Base URL"
        value={values.baseUrl}
        error={errors.baseUrl}
        placeholder="https://gateway.example.com/v1"
        hint="Requests go to <base URL>/chat/completions and <base URL>/messages."
        onChange={(value) => update('baseUrl', value)}
      />
      <FormWarning text={insecure} />
      <FormWarning text={keyWillGo} />
      <UrlField
        label="Login URL (optional)"
        value={values.loginUrl}
        error={errors.loginUrl}
        placeholder="https://gateway.example.com/login"
        hint="Where to sign in for a key; the model cards link to it when the profile has none."
        onChange={(value) => update('loginUrl', value)}
      />
      {!editing && <NewProfileKeyField inputRef={keyRef} error={keyError} />}
      <SelectField
        label="Catalog source"
        value={values.catalogSource}
        options={CATALOG_SOURCE_OPTIONS}
        error={errors.catalogSource}
        onChange={(value) => update('catalogSource', value)}
      />
      <RecordToField
        value={values.recordTo}
        error={errors.recordTo}
        onChange={(v) => update('recordTo', v)}
      />
      <FormFooter
        error={errors.form}
        saving={saving}
        submitLabel={editing ? 'Save profile' : 'Add profile'}
        onCancel={() => onDone(null)}
      />
    </form>
  )
}

/** An address field: typed as a URL, with no autocomplete or spelling marks. */
function UrlField(props: {
  label: string
  value: string
  error: string | undefined
  placeholder: string
  hint: string
  onChange: (value: string) => void
}): React.JSX.Element {
  return (
    <TextField
      label={props.label}
      value={props.value}
      error={props.error}
      placeholder={props.placeholder}
      hint={props.hint}
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}

/** The per-profile recording switch: a folder, or empty for none (docs/cassettes.md "In the app"). */
function RecordToField(props: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}): React.JSX.Element {
  return (
    <TextField
      label="Record cassettes to (optional)"
      value={props.value}
      error={props.error}
      placeholder="my-recordings"
      hint="Each reply is also saved as a key-free cassette in this folder: a full path, or a name under the app's data folder's cassettes/. Leave empty to not record."
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}

/**
 * The key of a profile being added. Uncontrolled on purpose (see ProfileKey): the key never sits in
 * React state or the page's HTML; the form reads it once on submit.
 */
function NewProfileKeyField({
  inputRef,
  error,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>
  error: string | undefined
}): React.JSX.Element {
  return (
    <TextField
      ref={inputRef}
      label="API key (optional)"
      type="password"
      autoComplete="off"
      spellCheck={false}
      error={error}
      placeholder="Paste the key, or add it later"
      hint="Kept in the OS keychain (or for this session only when there is none), never in a file."
    />
  )
}

function FormWarning({ text }: { text: string | undefined }): React.JSX.Element | null {
  if (!text) return null
  return (
    <p className="settings-warning" role="status">
      {text}
    </p>
  )
}
