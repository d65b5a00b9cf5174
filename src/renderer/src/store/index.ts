import { create } from 'zustand'
import { createAppSlice, type AppSlice } from '../features/app/app-slice'
import { createUiSlice, type UiSlice } from '../features/app/ui-slice'
import { createCatalogSlice, type CatalogSlice } from '../features/catalog/catalog-slice'
import { createConversationSlice, type ConversationSlice } from '../features/chat/conversation-slice'
import { createRunsSlice, type RunsSlice } from '../features/chat/runs-slice'
import { createHistorySlice, type HistorySlice } from '../features/history/history-slice'
import { createProfilesSlice, type ProfilesSlice } from '../features/settings/profiles-slice'

/** The one store; each feature owns its slice and selectors, this file only composes them. */
export type AppState = AppSlice &
  UiSlice &
  ProfilesSlice &
  CatalogSlice &
  ConversationSlice &
  RunsSlice &
  HistorySlice

export const useAppStore = create<AppState>()((...args) => ({
  ...createAppSlice(...args),
  ...createUiSlice(...args),
  ...createProfilesSlice(...args),
  ...createCatalogSlice(...args),
  ...createConversationSlice(...args),
  ...createRunsSlice(...args),
  ...createHistorySlice(...args),
}))
