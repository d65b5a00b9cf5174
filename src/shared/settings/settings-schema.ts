import { z } from 'zod'

export const LOCAL_PROFILE_ID = 'local'

/**
 * A place to send requests: the built-in local gateway, or a hosted gateway the user adds. The key is
 * not part of a profile: it lives in the OS keychain (or this session's memory), per profile id.
 */
export const profileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().trim().min(1).max(80),
  kind: z.enum(['local', 'remote']),
  /** `https://…/v1`. For the local profile, the address of this run's gateway (it changes per start). */
  baseUrl: z.string(),
  loginUrl: z.string().optional(),
  /** `gateway`: refresh the catalog from `GET {baseUrl}/catalog` when it exists; `bundled`: never fetch. */
  catalogSource: z.enum(['gateway', 'bundled']).default('gateway'),
})
export type Profile = z.infer<typeof profileSchema>

/** What the user may send to create or edit a remote profile; ids are made by main. */
export const profileInputSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string().trim().min(1, 'Give the profile a name.').max(80),
  baseUrl: z
    .string()
    .trim()
    .refine(
      (value) => isHttpUrl(value),
      'Base URL must be an http(s) URL, e.g. https://gateway.example.com/v1.',
    ),
  loginUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || isHttpUrl(value), 'Login URL must be an http(s) URL.')
    .optional(),
  catalogSource: z.enum(['gateway', 'bundled']).default('gateway'),
})
export type ProfileInput = z.input<typeof profileInputSchema>

export const themeSchema = z.enum(['system', 'light', 'dark'])

/** The settings file (`settings.json` in the user data folder). */
export const settingsFileSchema = z.strictObject({
  version: z.literal(1),
  activeProfileId: z.string().default(LOCAL_PROFILE_ID),
  /** Remote profiles only: the local one is rebuilt at every start. */
  profiles: z.array(profileSchema).default([]),
  theme: themeSchema.default('system'),
})
export type SettingsFile = z.infer<typeof settingsFileSchema>

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}
