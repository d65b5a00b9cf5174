import type { Slice } from '@renderer/store/slice'
import { clampSidePanelWidth, loadLayoutPreferences, saveLayoutPreferences } from './layout-preferences'

export type SidebarTab = 'models' | 'history'
export type SidePanelTab = 'params' | 'code' | 'inspector'

export type UiSlice = {
  sidebarTab: SidebarTab
  sidePanelTab: SidePanelTab
  /** The reply the inspector shows (an assistant message id); the latest reply when unset. */
  inspectedMessageId: string | null
  settingsOpen: boolean
  /** Local-gateway fault injection for the next sends (`x-simulate`), '' for none. */
  simulate: string
  /** Collapsed to a narrow rail to give the chat room (compare mode); remembered across reloads. */
  sidebarCollapsed: boolean
  sidePanelCollapsed: boolean
  /** The side panel's width as the user dragged it (remembered); null: the layout's default. */
  sidePanelWidth: number | null
  setSidebarTab(tab: SidebarTab): void
  setSidePanelTab(tab: SidePanelTab): void
  inspectMessage(messageId: string | null): void
  setSettingsOpen(open: boolean): void
  setSimulate(simulate: string): void
  setSidebarCollapsed(collapsed: boolean): void
  setSidePanelCollapsed(collapsed: boolean): void
  /** null goes back to the default width. */
  setSidePanelWidth(width: number | null): void
}

export const createUiSlice: Slice<UiSlice> = (set, get) => {
  const remember = (): void =>
    saveLayoutPreferences({
      sidebarCollapsed: get().sidebarCollapsed,
      sidePanelCollapsed: get().sidePanelCollapsed,
      sidePanelWidth: get().sidePanelWidth,
    })
  return {
    sidebarTab: 'models',
    sidePanelTab: 'params',
    inspectedMessageId: null,
    settingsOpen: false,
    simulate: '',
    ...loadLayoutPreferences(),
    // Choosing a tab of a collapsed region opens it: the user asked to see that tab.
    setSidebarTab: (sidebarTab) => {
      set({ sidebarTab, sidebarCollapsed: false })
      remember()
    },
    setSidePanelTab: (sidePanelTab) => {
      set({ sidePanelTab, sidePanelCollapsed: false })
      remember()
    },
    inspectMessage: (inspectedMessageId) => {
      set({ inspectedMessageId, sidePanelTab: 'inspector', sidePanelCollapsed: false })
      remember()
    },
    setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
    setSimulate: (simulate) => set({ simulate }),
    setSidebarCollapsed: (sidebarCollapsed) => {
      set({ sidebarCollapsed })
      remember()
    },
    setSidePanelCollapsed: (sidePanelCollapsed) => {
      set({ sidePanelCollapsed })
      remember()
    },
    setSidePanelWidth: (width) => {
      set({ sidePanelWidth: width === null ? null : clampSidePanelWidth(width) })
      remember()
    },
  }
}
