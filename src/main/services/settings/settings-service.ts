import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  LOCAL_PROFILE_ID,
  profileInputSchema,
  replayProfileInputSchema,
  settingsFileSchema,
  type Profile,
  type ProfileInput,
  type ReplayProfileInput,
  type SettingsFile,
} from '@shared/settings/settings-schema'
import { originChanged, urlOrigin } from '@shared/settings/profile-origin'
import { UserFacingError } from '../user-facing-error'
import { readJsonFile, writeJsonFileAtomic } from '../json-store'

export type SettingsService = {
  /** The local profile first, then the user's remote and replay profiles. */
  profiles(): Profile[]
  activeProfileId(): string
  profile(id: string): Profile
  /**
   * Creates or edits a remote profile. When an edit points the profile at another origin (scheme,
   * host, port), `onOriginChange` runs first with the profile as it was (the caller drops the key,
   * which was given for the old server); if it fails, nothing is saved.
   */
  saveProfile(input: ProfileInput, hooks?: SaveProfileHooks): Promise<SavedProfile>
  /** Creates or edits a replay profile (docs/cassettes.md "In the app"). */
  saveReplayProfile(input: ReplayProfileInput): Promise<Profile>
  removeProfile(id: string): Promise<void>
  activateProfile(id: string): Promise<void>
  theme(): SettingsFile['theme']
  setTheme(theme: SettingsFile['theme']): Promise<void>
  /** Where settings.json went if it was corrupt at startup (it is kept, never deleted). */
  quarantined(): string[]
}

type SaveProfileHooks = { onOriginChange?: (before: Profile) => Promise<void> }

type SavedProfile = {
  profile: Profile
  /** The origin the profile pointed at before this edit, when the edit changed it. */
  originChangedFrom?: string
}

const DEFAULT_SETTINGS: SettingsFile = settingsFileSchema.parse({ version: 1 })

/**
 * Profiles and preferences in `settings.json` in the user data folder: validated with zod on load,
 * written atomically, a corrupt file set aside (the app starts with defaults and says so). The local
 * profile is not stored: its address changes with every start of the in-process gateway.
 */
export async function createSettingsService(options: {
  userDataDir: string
  localProfile: () => Profile
  /** The address of the gateway main runs for a replay profile now ('' while none runs). */
  replayBaseUrl?: (profileId: string) => string
}): Promise<SettingsService> {
  const file = path.join(options.userDataDir, 'settings.json')
  const loaded = await readJsonFile(file, settingsFileSchema)
  let settings: SettingsFile = loaded.status === 'ok' ? loaded.value : structuredClone(DEFAULT_SETTINGS)
  const quarantined = loaded.status === 'quarantined' ? [loaded.quarantinedAs] : []

  const persist = async (next: SettingsFile): Promise<void> => {
    await writeJsonFileAtomic(file, next)
    settings = next
  }
  const live = (profile: Profile): Profile =>
    profile.kind === 'replay' ? { ...profile, baseUrl: options.replayBaseUrl?.(profile.id) ?? '' } : profile
  const all = (): Profile[] => [options.localProfile(), ...settings.profiles.map(live)]
  const saved = async (profile: Profile, edit: boolean): Promise<void> => {
    const profiles = edit
      ? settings.profiles.map((p) => (p.id === profile.id ? profile : p))
      : [...settings.profiles, profile]
    await persist({ ...settings, profiles })
  }

  return {
    profiles: all,
    activeProfileId: () =>
      all().some((p) => p.id === settings.activeProfileId) ? settings.activeProfileId : LOCAL_PROFILE_ID,
    profile(id) {
      const found = all().find((p) => p.id === id)
      if (!found) throw new UserFacingError('unknown_profile', `There is no profile ${JSON.stringify(id)}.`)
      return found
    },
    async saveProfile(input, hooks = {}) {
      const { profile, edit, moved } = await editedProfile(settings, input, hooks)
      await saved(profile, edit)
      return moved === undefined ? { profile } : { profile, originChangedFrom: moved }
    },
    async saveReplayProfile(input) {
      const parsed = replayProfileInputSchema.parse(input)
      const existing = existingProfile(settings, parsed.id, 'replay')
      const profile: Profile = {
        id: existing?.id ?? newProfileId(parsed.name),
        name: parsed.name,
        kind: 'replay',
        baseUrl: '',
        // The replay gateway's catalog is the bundled one: nothing to fetch.
        catalogSource: 'bundled',
        replay: { folder: parsed.folder, speed: parsed.speed },
      }
      await saved(profile, existing !== undefined)
      return live(profile)
    },
    async removeProfile(id) {
      if (id === LOCAL_PROFILE_ID) {
        throw new UserFacingError('local_profile', 'The local gateway profile cannot be removed.')
      }
      if (!settings.profiles.some((p) => p.id === id)) {
        throw new UserFacingError('unknown_profile', `There is no profile ${JSON.stringify(id)}.`)
      }
      await persist({
        ...settings,
        profiles: settings.profiles.filter((p) => p.id !== id),
        activeProfileId: settings.activeProfileId === id ? LOCAL_PROFILE_ID : settings.activeProfileId,
      })
    },
    async activateProfile(id) {
      if (!all().some((p) => p.id === id)) {
        throw new UserFacingError('unknown_profile', `There is no profile ${JSON.stringify(id)}.`)
      }
      await persist({ ...settings, activeProfileId: id })
    },
    theme: () => settings.theme,
    async setTheme(theme) {
      await persist({ ...settings, theme })
    },
    quarantined: () => quarantined,
  }
}

/**
 * The profile `input` makes, new or an edit, and the origin it moved from when an edit points it at
 * another. Before the new address is saved, `onOriginChange` runs: a key must never be attached to a
 * server it was not given for.
 */
async function editedProfile(
  settings: SettingsFile,
  input: ProfileInput,
  hooks: SaveProfileHooks,
): Promise<{ profile: Profile; edit: boolean; moved?: string }> {
  const parsed = profileInputSchema.parse(input)
  if (parsed.id === LOCAL_PROFILE_ID) {
    throw new UserFacingError(
      'local_profile',
      'The local gateway profile is managed by the app and cannot be edited.',
    )
  }
  const existing = existingProfile(settings, parsed.id, 'remote')
  const recordTo = parsed.recordTo ?? ''
  const profile: Profile = {
    id: existing?.id ?? newProfileId(parsed.name),
    name: parsed.name,
    kind: 'remote',
    baseUrl: parsed.baseUrl.replace(/\/+$/, ''),
    ...(parsed.loginUrl ? { loginUrl: parsed.loginUrl } : {}),
    catalogSource: parsed.catalogSource,
    ...(recordTo === '' ? {} : { recordTo }),
  }
  if (existing === undefined) return { profile, edit: false }
  if (!originChanged(existing.baseUrl, profile.baseUrl)) return { profile, edit: true }
  await hooks.onOriginChange?.(existing)
  return { profile, edit: true, moved: urlOrigin(existing.baseUrl) ?? existing.baseUrl }
}

/** The saved profile an edit names (none for a new one); an unknown id or another kind is refused. */
function existingProfile(
  settings: SettingsFile,
  id: string | undefined,
  kind: Profile['kind'],
): Profile | undefined {
  if (id === undefined) return undefined
  const existing = settings.profiles.find((p) => p.id === id)
  if (!existing) throw new UserFacingError('unknown_profile', `There is no profile ${JSON.stringify(id)}.`)
  if (existing.kind !== kind) {
    throw new UserFacingError('profile_kind', `The profile ${JSON.stringify(id)} is not a ${kind} profile.`)
  }
  return existing
}

/** `hosted-gateway-3f9a…`: readable in the keychain's account list, unique without a registry. */
function newProfileId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return `${slug || 'profile'}-${randomBytes(4).toString('hex')}`
}
