import { useState } from 'react'
import type { ProfileSaveResult } from '@shared/ipc/contract'
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
 * first, then by main, whose refusal shows under its field.
 */
export function useProfileForm(
  profile: Profile | undefined,
  onDone: (saved: ProfileSaveResult | null) => void,
): {
  values: ProfileFormValues
  errors: ProfileFormErrors
  saving: boolean
  update(field: keyof ProfileFormValues, value: string): void
  submit(event: React.FormEvent): Promise<void>
} {
  const [values, setValues] = useState<ProfileFormValues>(
    profile ? profileFormValues(profile) : EMPTY_PROFILE_FORM,
  )
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [saving, setSaving] = useState(false)

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

  return { values, errors, saving, update, submit }
}
