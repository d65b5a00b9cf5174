import { create } from 'zustand'
import { createAppSlice, type AppSlice } from '@renderer/features/app/app-slice'
import { createUiSlice, type UiSlice } from '@renderer/features/app/ui-slice'
import { createCatalogSlice, type CatalogSlice } from '@renderer/features/catalog/catalog-slice'
import {
  createConversationSlice,
  type ConversationSlice,
} from '@renderer/features/chat/conversation/conversation-slice'
import { createRunsSlice, type RunsSlice } from '@renderer/features/chat/runs/runs-slice'
import { createHistorySlice, type HistorySlice } from '@renderer/features/history/history-slice'
import { createWorkbenchSlice, type WorkbenchSlice } from '@renderer/features/workbench/state/workbench-slice'
import { createProfilesSlice, type ProfilesSlice } from '@renderer/features/settings/profiles-slice'

/** The one store; each feature owns its slice and selectors, this file only composes them. */
export type AppState = AppSlice &
  UiSlice &
  ProfilesSlice &
  CatalogSlice &
  ConversationSlice &
  RunsSlice &
  HistorySlice &
  WorkbenchSlice

export const useAppStore = create<AppState>()((...args) => ({
  ...createAppSlice(...args),
  ...createUiSlice(...args),
  ...createProfilesSlice(...args),
  ...createCatalogSlice(...args),
  ...createConversationSlice(...args),
  ...createRunsSlice(...args),
  ...createHistorySlice(...args),
  ...createWorkbenchSlice(...args),
}))
