import { insecureBaseUrlWarning, keyRemovedNotice, urlOrigin } from '@shared/settings/profile-origin'
import type { ReplayGateways } from '../../services/cassettes/replay-gateways'
import type { SecretStore } from '../../services/secret-store'
import type { SettingsService } from '../../services/settings/settings-service'
import type { EventSink, HandlersFor } from '../dispatch'

/** The user's gateway profiles. A profile's key is the secrets handlers' business, except when it must go. */
export function createProfileHandlers(deps: {
  settings: SettingsService
  secrets: SecretStore
  emit: EventSink
  replays: Pick<ReplayGateways, 'retain' | 'baseUrl'>
  /** Where a profile's cassette folder is on disk: refuses one that is not usable (before it is saved). */
  cassetteFolder: (folder: string) => string
}): HandlersFor<'profiles'> {
  const { settings, secrets, emit, replays } = deps
  return {
    'profiles:list': async () => ({
      profiles: settings.profiles(),
      activeProfileId: settings.activeProfileId(),
    }),
    'profiles:save': async (input) => {
      if (input.recordTo) deps.cassetteFolder(input.recordTo.trim())
      let keyDropped = false
      const { profile, originChangedFrom } = await settings.saveProfile(input, {
        // The key was given for the old server: it does not follow the profile to a new one.
        onOriginChange: async (before) => {
          keyDropped = (await secrets.status(before.id)).hasKey
          await secrets.delete(before.id)
        },
      })
      emit('profiles:changed', undefined)
      const warning = insecureBaseUrlWarning(profile.baseUrl)
      const to = urlOrigin(profile.baseUrl) ?? profile.baseUrl
      return {
        ...profile,
        ...(keyDropped && originChangedFrom !== undefined
          ? { keyRemovedNotice: keyRemovedNotice(profile.name, originChangedFrom, to) }
          : {}),
        ...(warning === undefined ? {} : { warnings: [warning] }),
      }
    },
    'profiles:save-replay': async (input) => {
      deps.cassetteFolder(input.folder.trim())
      const profile = await settings.saveReplayProfile(input)
      // An edited folder or speed: the gateway replaying the old one stops; the next run starts it anew.
      await replays.retain(settings.profiles())
      emit('profiles:changed', undefined)
      return settings.profile(profile.id)
    },
    'profiles:remove': async ({ profileId }) => {
      await settings.removeProfile(profileId)
      await secrets.delete(profileId)
      await replays.retain(settings.profiles())
      emit('profiles:changed', undefined)
    },
    'profiles:activate': async ({ profileId }) => {
      await settings.activateProfile(profileId)
      // A replay profile's gateway starts now, so its address is known before the first send.
      const profile = settings.profile(profileId)
      // A start that fails is said by the first send (the run's "Could not prepare the request").
      if (profile.kind === 'replay') void replays.baseUrl(profile).catch(() => undefined)
      emit('profiles:changed', undefined)
    },
  }
}
