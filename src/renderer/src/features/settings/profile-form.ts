import { originChanged, urlOrigin } from '@shared/settings/profile-origin'
import { profileInputSchema, type Profile, type ProfileInput } from '@shared/settings/settings-schema'

/** The fields of the profile form, as typed (strings), before validation. */
export type ProfileFormValues = {
  name: string
  baseUrl: string
  loginUrl: string
  catalogSource: 'gateway' | 'bundled'
  /** '' = do not record cassettes. */
  recordTo: string
}
type ProfileFormField = keyof ProfileFormValues
export type ProfileFormErrors = Partial<Record<ProfileFormField | 'form', string>>

export const EMPTY_PROFILE_FORM: ProfileFormValues = {
  name: '',
  baseUrl: '',
  loginUrl: '',
  catalogSource: 'gateway',
  recordTo: '',
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    baseUrl: profile.baseUrl,
    loginUrl: profile.loginUrl ?? '',
    catalogSource: profile.catalogSource,
    recordTo: profile.recordTo ?? '',
  }
}

const FIELDS: readonly ProfileFormField[] = ['name', 'baseUrl', 'loginUrl', 'catalogSource', 'recordTo']

function isFormField(name: string): name is ProfileFormField {
  return (FIELDS as readonly string[]).includes(name)
}

/**
 * Checks the form with main's own schema, so the messages shown before sending are the ones main
 * would answer with. Returns the input to send, or the errors per field.
 */
export function validateProfileForm(
  values: ProfileFormValues,
  id?: string,
): { ok: true; input: ProfileInput } | { ok: false; errors: ProfileFormErrors } {
  const candidate: ProfileInput = {
    ...(id === undefined ? {} : { id }),
    name: values.name,
    baseUrl: values.baseUrl,
    ...(values.loginUrl.trim() === '' ? {} : { loginUrl: values.loginUrl }),
    catalogSource: values.catalogSource,
    ...(values.recordTo.trim() === '' ? {} : { recordTo: values.recordTo }),
  }
  const parsed = profileInputSchema.safeParse(candidate)
  if (parsed.success) return { ok: true, input: candidate }
  const errors: ProfileFormErrors = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '')
    const key = isFormField(field) ? field : 'form'
    errors[key] ??= issue.message
  }
  return { ok: false, errors }
}

/**
 * Main answers invalid input as "<field>: <message>" (see dispatchInvoke): such a message belongs
 * under its field; anything else is about the whole form.
 */
export function errorsFromMainMessage(message: string): ProfileFormErrors {
  const match = /^([A-Za-z]+): (.+)$/s.exec(message)
  const field = match?.[1]
  if (match && field !== undefined && isFormField(field)) return { [field]: match[2] }
  return { form: message }
}

/**
 * What saving an edited profile with a key does to that key when the base URL moves to another
 * origin (main removes it: the key was given for the old server), or undefined when it keeps it.
 */
export function keyRemovalWarning(profile: Profile | undefined, baseUrl: string): string | undefined {
  const newOrigin = urlOrigin(baseUrl.trim())
  if (profile === undefined || newOrigin === undefined || !originChanged(profile.baseUrl, baseUrl.trim())) {
    return undefined
  }
  return `Saving removes this profile's key: it was given for ${urlOrigin(profile.baseUrl) ?? profile.baseUrl}, not ${newOrigin}. Enter it again afterwards if this server should have it.`
}
