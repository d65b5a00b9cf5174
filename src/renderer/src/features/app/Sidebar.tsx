import { CatalogPanel } from '@renderer/features/catalog/CatalogPanel'
import { HistoryPanel } from '@renderer/features/history/HistoryPanel'
import { useAppStore } from '@renderer/store'
import { TabbedRegion } from './TabbedRegion'
import type { SidebarTab } from './ui-slice'

const SIDEBAR_TABS = [
  { id: 'models', label: 'Models', icon: '▦' },
  { id: 'history', label: 'History', icon: '☰' },
] as const satisfies ReadonlyArray<{ id: SidebarTab; label: string; icon: string }>

/** Left: the catalog cards and the saved conversations. */
export function Sidebar(): React.JSX.Element {
  const tab = useAppStore((state) => state.sidebarTab)
  const collapsed = useAppStore((state) => state.sidebarCollapsed)
  const setTab = useAppStore((state) => state.setSidebarTab)
  const setCollapsed = useAppStore((state) => state.setSidebarCollapsed)
  return (
    <TabbedRegion
      side="left"
      label="Sidebar"
      tabs={SIDEBAR_TABS}
      selected={tab}
      onSelect={setTab}
      collapsed={collapsed}
      onCollapsedChange={setCollapsed}
    >
      {tab === 'models' ? <CatalogPanel /> : <HistoryPanel />}
    </TabbedRegion>
  )
}
