import type { AppState } from '@renderer/store'
import { selectPane } from '@renderer/features/chat/chat-selectors'
import type { CatalogState } from './catalog-slice'

export const selectActiveCatalog = (state: AppState): CatalogState | undefined =>
  state.catalogs[state.activeProfileId]

/** The model of the pane that "Use model" targets. */
export const selectFocusedPaneModel = (state: AppState): string | undefined =>
  selectPane(state, state.focusedPaneId)?.model
