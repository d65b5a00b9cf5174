import { isHttpUrl } from '@shared/settings/settings-schema'
import type { SettingsService } from '../../services/settings/settings-service'
import { type HandlersFor } from '../dispatch'
import { UserFacingError } from '../../services/user-facing-error'
import type { ShellAbilities } from './shell-abilities'

/** The app itself: what it is and where it runs, its preferences, and links out to the system browser. */
export function createAppHandlers(deps: {
  abilities: ShellAbilities
  settings: SettingsService
  /** Files set aside at startup (corrupt or oversized), named once in the about box. */
  quarantinedFiles: string[]
}): HandlersFor<'app' | 'settings' | 'shell'> {
  const { abilities, settings } = deps
  return {
    'app:info': async () => ({
      version: abilities.version,
      shell: abilities.shell,
      platform: process.platform,
      quarantinedFiles: deps.quarantinedFiles,
      canCopyWithKey: abilities.writeClipboard !== undefined,
    }),
    'settings:get': async () => ({ theme: settings.theme() }),
    'settings:set-theme': async ({ theme }) => {
      await settings.setTheme(theme)
    },
    'shell:open-external': async ({ url }) => {
      if (!isHttpUrl(url)) throw new UserFacingError('invalid_url', 'Only http(s) links can be opened.')
      await abilities.openExternal?.(url)
    },
  }
}
