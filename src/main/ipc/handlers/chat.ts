import type { CatalogLoader } from '../../services/catalog/catalog-loader'
import type { RunRegistry } from '../../services/runs'
import type { SettingsService } from '../../services/settings/settings-service'
import type { HandlersFor } from '../handlers'
import { refuseSimulateOutsideLocal } from './refuse-simulate-outside-local'

/** Runs and the catalog a run picks its model from; the run's updates come back as 'chat:update' events. */
export function createChatHandlers(deps: {
  settings: SettingsService
  catalogs: CatalogLoader
  runs: RunRegistry
}): HandlersFor<'chat' | 'catalog'> {
  const { settings, catalogs, runs } = deps
  return {
    'catalog:get': async ({ profileId, refresh }) =>
      catalogs.get(settings.profile(profileId), refresh ?? false),

    'chat:start': async (input) => {
      settings.profile(input.profileId)
      refuseSimulateOutsideLocal(input.profileId, input.simulate)
      return runs.start(input)
    },
    'chat:cancel': async ({ runId }) => {
      runs.cancel(runId)
    },
  }
}
