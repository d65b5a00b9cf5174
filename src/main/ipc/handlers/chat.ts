import { savedPaneRequest } from '@shared/history/saved-pane-request'
import type { ConversationRunStart } from '@shared/runs/run-types'
import type { CatalogLoader } from '../../services/catalog/catalog-loader'
import type { HistoryService } from '../../services/history/history-service'
import type { RunRegistry } from '../../services/runs'
import type { SettingsService } from '../../services/settings/settings-service'
import { type HandlersFor } from '../dispatch'
import { UserFacingError } from '../../services/user-facing-error'
import { refuseSimulateOutsideLocal } from './refuse-simulate-outside-local'

/** Runs and the catalog a run picks its model from; the run's updates come back as 'chat:update' events. */
export function createChatHandlers(deps: {
  settings: SettingsService
  catalogs: CatalogLoader
  runs: RunRegistry
  /** The saved conversations a pane's run may be built from. */
  history: Pick<HistoryService, 'currentAt'>
}): HandlersFor<'chat' | 'catalog'> {
  const { settings, catalogs, runs, history } = deps

  /**
   * A pane's request built here, from the conversation main holds, by the function the renderer's
   * curl panel uses: a send into a 1M-token chat crosses IPC as ids (its turns are saved beside it),
   * and the transcript is not built, serialized and validated once more on its way. The send's own
   * save may still be on its way: the state it names is waited for.
   */
  async function paneRunOf(source: ConversationRunStart['conversation']) {
    const built = savedPaneRequest(await history.currentAt(source.id, source.updatedAt), source)
    if (!built.ok) throw new UserFacingError(built.code, built.message)
    return built
  }

  return {
    'catalog:get': async ({ profileId, refresh }) =>
      catalogs.get(settings.profile(profileId), refresh ?? false),

    'chat:start': async (input) => {
      settings.profile(input.profileId)
      refuseSimulateOutsideLocal(input.profileId, input.simulate)
      const { profileId, simulate } = input
      const run = 'request' in input ? input : await paneRunOf(input.conversation)
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
