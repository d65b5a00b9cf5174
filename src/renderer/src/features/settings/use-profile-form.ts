import { useState } from 'react'
import type { ProfileSaveResult } from '@shared/ipc/contract'
import { apiKeyProblem } from '@shared/settings/api-key'
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

/**
 * The profile form's values as typed, their errors, and the save: checked here with main's schema
 * first, then by main, whose refusal shows under its field. A new profile may come with its key
 * (`keyRef`, an uncontrolled password field, read once on submit and cleared): it is handed to main
 * once the profile is saved, as the key form of a listed profile does.
 */
export function useProfileForm(
  profile: Profile | undefined,
  onDone: (saved: ProfileSaveResult | null) => void,
  keyRef?: React.RefObject<HTMLInputElement | null>,
): {
  values: ProfileFormValues
  errors: ProfileFormErrors
  keyError: string | undefined
  saving: boolean
  update(field: keyof ProfileFormValues, value: string): void
  submit(event: React.FormEvent): Promise<void>
} {
  const [values, setValues] = useState<ProfileFormValues>(
    profile ? profileFormValues(profile) : EMPTY_PROFILE_FORM,
  )
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [keyError, setKeyError] = useState<string>()
  const [saving, setSaving] = useState(false)

  const update = (field: keyof ProfileFormValues, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }))
    // The error of a field goes once the user changes it; the others stay until the next save.
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }))
  }

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    const checked = validateProfileForm(values, profile?.id)
    const key = keyRef?.current?.value ?? ''
    const keyProblem = key === '' ? undefined : apiKeyProblem(key)
    setKeyError(keyProblem)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    if (keyProblem !== undefined) return
    setSaving(true)
    try {
      const saved = await useAppStore.getState().saveProfile(checked.input)
      if (key !== '') {
        if (keyRef?.current) keyRef.current.value = ''
        await useAppStore.getState().setKey(saved.id, key)
      }
      onDone(saved)
    } catch (error) {
      setErrors(errorsFromMainMessage((error as Error).message))
    } finally {
      setSaving(false)
    }
  }

  return { values, errors, keyError, saving, update, submit }
}
