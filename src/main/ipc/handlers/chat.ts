import type { CatalogLoader } from '../../services/catalog/catalog-loader'
import type { RunRegistry } from '../../services/runs'
import { savedPaneRun, type SavedConversations } from '../../services/runs/saved-pane-run'
import type { SettingsService } from '../../services/settings/settings-service'
import type { ServiceTokenCounter } from '../../services/token-count/service-token-count'
import { type HandlersFor } from '../dispatch'
import { refuseSimulateOutsideLocal } from './refuse-simulate-outside-local'

/** Runs and the catalog a run picks its model from; the run's updates come back as 'chat:update' events. */
export function createChatHandlers(deps: {
  settings: SettingsService
  catalogs: CatalogLoader
  runs: RunRegistry
  /** The saved conversations a pane's run may be built from (a send by ids). */
  history: SavedConversations
  /** A remote profile's own token count (Messages count_tokens). */
  countTokens: ServiceTokenCounter
}): HandlersFor<'chat' | 'catalog'> {
  const { settings, catalogs, runs, history, countTokens } = deps

  return {
    'catalog:get': async ({ profileId, refresh }) =>
      catalogs.get(settings.profile(profileId), refresh ?? false),

    'chat:start': async (input) => {
      settings.profile(input.profileId)
      refuseSimulateOutsideLocal(input.profileId, input.simulate)
      const { profileId, simulate } = input
      const run = 'request' in input ? input : await savedPaneRun(history, input.conversation)
      return runs.start({
        profileId,
        dialect: run.dialect,
        request: run.request,
        ...(simulate ? { simulate } : {}),
      })
    },
    'chat:cancel': async ({ runId }) => {
      runs.cancel(runId)
    },
    'chat:count-tokens': async (input) => {
      // The local gateway counts with the app's own tokenizer: the renderer's count is its count.
      if (settings.profile(input.profileId).kind === 'local') {
        return { source: 'none', reason: 'The local gateway counts as the app does.' }
      }
      return countTokens(input)
    },
  }
}
