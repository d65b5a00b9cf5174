import { toCurl } from '@shared/curl'
import { dialects } from '@shared/dialects'
import { withSimulateHeader } from '@shared/runs/simulate-header'
import type { SettingsService } from '../../services/settings/settings-service'
import type { HandlersFor } from '../dispatch'
import { refuseSimulateOutsideLocal } from './refuse-simulate-outside-local'
import type { ShellAbilities } from './shell-abilities'

/**
 * Copying a request as a curl command WITH its key: main builds the command and writes the clipboard
 * itself, so the key never passes through the renderer (the page's own preview uses a placeholder).
 */
export function createCurlHandlers(deps: {
  abilities: Pick<ShellAbilities, 'writeClipboard'>
  settings: SettingsService
  readKey: (profileId: string) => Promise<string | null>
}): HandlersFor<'curl'> {
  const { abilities, settings } = deps
  return {
    'curl:copy-with-key': async ({ profileId, dialect, request, simulate }) => {
      if (!abilities.writeClipboard) {
        return {
          copied: false,
          message:
            'Copy with key works in the desktop app only: in browser mode the key never reaches the page. Copy the command and set MODEL_GATEWAY_API_KEY in your shell.',
        }
      }
      const profile = settings.profile(profileId)
      refuseSimulateOutsideLocal(profileId, simulate)
      const apiKey = await deps.readKey(profileId)
      if (!apiKey) return { copied: false, message: `The profile "${profile.name}" has no API key yet.` }
      const { http } = dialects[dialect].buildRequest(request, { baseUrl: profile.baseUrl, apiKey })
      abilities.writeClipboard(
        toCurl(withSimulateHeader(http, simulate), { secret: apiKey, revealSecret: true }),
      )
      return { copied: true, message: 'Copied the command with the key. Treat it like a password.' }
    },
  }
}
