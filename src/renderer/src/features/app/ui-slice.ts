import type { Slice } from '../../store/slice'

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
  setSidebarTab(tab: SidebarTab): void
  setSidePanelTab(tab: SidePanelTab): void
  inspectMessage(messageId: string | null): void
  setSettingsOpen(open: boolean): void
  setSimulate(simulate: string): void
}

export const createUiSlice: Slice<UiSlice> = (set) => ({
  sidebarTab: 'models',
  sidePanelTab: 'params',
  inspectedMessageId: null,
  settingsOpen: false,
  simulate: '',
  setSidebarTab: (sidebarTab) => set({ sidebarTab }),
  setSidePanelTab: (sidePanelTab) => set({ sidePanelTab }),
  inspectMessage: (inspectedMessageId) => set({ inspectedMessageId, sidePanelTab: 'inspector' }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setSimulate: (simulate) => set({ simulate }),
})
