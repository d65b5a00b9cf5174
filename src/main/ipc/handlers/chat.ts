import type { CatalogLoader } from '../../services/catalog/catalog-loader'
import type { RunRegistry } from '../../services/runs'
import { savedPaneRun, type SavedConversations } from '../../services/runs/saved-pane-run'
import type { SettingsService } from '../../services/settings/settings-service'
import { type HandlersFor } from '../dispatch'
import { refuseSimulateOutsideLocal } from './refuse-simulate-outside-local'

/** Runs and the catalog a run picks its model from; the run's updates come back as 'chat:update' events. */
export function createChatHandlers(deps: {
  settings: SettingsService
  catalogs: CatalogLoader
  runs: RunRegistry
  /** The saved conversations a pane's run may be built from (a send by ids). */
  history: SavedConversations
}): HandlersFor<'chat' | 'catalog'> {
  const { settings, catalogs, runs, history } = deps

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
  }
}
