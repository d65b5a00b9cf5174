import { LOCAL_PROFILE_ID } from '@shared/settings/settings-schema'
import type { SecretStore } from '../../services/secret-store'
import type { SettingsService } from '../../services/settings/settings-service'
import { type HandlersFor } from '../dispatch'
import { UserFacingError } from '../../services/user-facing-error'

/**
 * The profiles' keys. They stay in main: the renderer gets `{ hasKey, storage, last4 }`, never a key,
 * with the one exception of the local gateway's (see 'secrets:local-key').
 */
export function createSecretHandlers(deps: {
  settings: SettingsService
  secrets: SecretStore
  /** Every key main has read or been given, so the redactor recognises it. */
  rememberKey: (key: string) => void
  localApiKey: string
}): HandlersFor<'secrets'> {
  const { settings, secrets } = deps
  return {
    'secrets:status': async ({ profileId }) => {
      settings.profile(profileId)
      return secrets.status(profileId)
    },
    'secrets:set': async ({ profileId, key }) => {
      refuseLocalKeyChange(profileId)
      settings.profile(profileId)
      deps.rememberKey(key)
      return secrets.set(profileId, key)
    },
    'secrets:delete': async ({ profileId }) => {
      refuseLocalKeyChange(profileId)
      settings.profile(profileId)
      return secrets.delete(profileId)
    },

    // Why showing this key is safe, unlike every other: the app generated it for its own gateway, which
    // listens on loopback only, and no upstream account stands behind it, so it grants nothing beyond
    // what any process of this user can already do (run the simulator). With a proxy engine configured
    // (PLAYGROUND_GATEWAY_CONFIG) it lets the holder spend the upstream account through the local
    // gateway, but still only from this machine's loopback, and the upstream keys themselves stay in
    // the environment: the proxy reads them there and never forwards the client's key. Hosted profiles'
    // keys never leave main (they are used, or written to the clipboard by Electron, never returned).
    'secrets:local-key': async () => ({ key: deps.localApiKey }),
  }
}

function refuseLocalKeyChange(profileId: string): void {
  if (profileId === LOCAL_PROFILE_ID) {
    throw new UserFacingError(
      'local_profile',
      "The local gateway's key is generated and kept by the app; it cannot be replaced or removed.",
    )
  }
}
