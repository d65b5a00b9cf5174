import { insecureBaseUrlWarning, keyRemovedNotice, urlOrigin } from '@shared/settings/profile-origin'
import type { SecretStore } from '../../services/secret-store'
import type { SettingsService } from '../../services/settings/settings-service'
import type { EventSink, HandlersFor } from '../dispatch'

/** The user's gateway profiles. A profile's key is the secrets handlers' business, except when it must go. */
export function createProfileHandlers(deps: {
  settings: SettingsService
  secrets: SecretStore
  emit: EventSink
}): HandlersFor<'profiles'> {
  const { settings, secrets, emit } = deps
  return {
    'profiles:list': async () => ({
      profiles: settings.profiles(),
      activeProfileId: settings.activeProfileId(),
    }),
    'profiles:save': async (input) => {
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
    'profiles:remove': async ({ profileId }) => {
      await settings.removeProfile(profileId)
      await secrets.delete(profileId)
      emit('profiles:changed', undefined)
    },
    'profiles:activate': async ({ profileId }) => {
      await settings.activateProfile(profileId)
      emit('profiles:changed', undefined)
    },
  }
}
