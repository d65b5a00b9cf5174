import { z } from 'zod'
import { cassetteFolderProblem, cassetteFolderSchema } from './cassette-folder'

export const LOCAL_PROFILE_ID = 'local'

/** How fast a replay profile plays its cassettes: the recorded gaps (1), or no waiting at all. */
const replaySpeedSchema = z.union([z.literal(1), z.literal('instant')])

/**
 * A place to send requests: the built-in local gateway, a hosted gateway the user adds, or a replay
 * of recorded exchanges (docs/cassettes.md "In the app"). The key is not part of a profile: it lives in
 * the OS keychain (or this session's memory), per profile id; a replay profile needs none.
 */
export const profileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().trim().min(1).max(80),
  kind: z.enum(['local', 'remote', 'replay']),
  /**
   * `https://…/v1`. For the local profile and replay profiles, the address of the gateway main runs
   * for them (it changes per start; '' while a replay profile's is starting).
   */
  baseUrl: z.string(),
  loginUrl: z.string().optional(),
  /** `gateway`: refresh the catalog from `GET {baseUrl}/catalog` when it exists; `bundled`: never fetch. */
  catalogSource: z.enum(['gateway', 'bundled']).default('gateway'),
  /** Remote profiles: every chat exchange is also written as a cassette into this folder. */
  recordTo: cassetteFolderSchema.optional(),
  /** Replay profiles: the folder served, at what speed; a request no cassette matches is an error. */
  replay: z.strictObject({ folder: cassetteFolderSchema, speed: replaySpeedSchema }).optional(),
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
  /** '' or absent: do not record. */
  recordTo: z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = value === '' ? undefined : cassetteFolderProblem(value)
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
    })
    .optional(),
})
export type ProfileInput = z.input<typeof profileInputSchema>

/** What the user may send to create or edit a replay profile; ids are made by main. */
export const replayProfileInputSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string().trim().min(1, 'Give the profile a name.').max(80),
  folder: cassetteFolderSchema,
  speed: replaySpeedSchema,
})
export type ReplayProfileInput = z.input<typeof replayProfileInputSchema>

export const themeSchema = z.enum(['system', 'light', 'dark'])

/** The settings file (`settings.json` in the user data folder). */
export const settingsFileSchema = z.strictObject({
  version: z.literal(1),
  activeProfileId: z.string().default(LOCAL_PROFILE_ID),
  /** Remote and replay profiles: the local one is rebuilt at every start. */
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
