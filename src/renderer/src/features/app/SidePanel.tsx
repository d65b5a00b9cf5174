import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import { CurlPanel } from '@renderer/features/curl/CurlPanel'
import { InspectorPanel } from '@renderer/features/inspector/InspectorPanel'
import { ParamsPanel } from '@renderer/features/params/ParamsPanel'
import { useAppStore } from '@renderer/store'
import { TabbedRegion } from './TabbedRegion'
import type { SidePanelTab } from './ui-slice'

const SIDE_PANEL_TABS = [
  { id: 'params', label: 'Parameters', icon: '⚙' },
  // Says which request: the next one (a reply's own request is the inspector's "Copy as curl").
  { id: 'code', label: 'Code (next)', icon: '⌘' },
  { id: 'inspector', label: 'Inspector', icon: '⌕' },
] as const satisfies ReadonlyArray<{ id: SidePanelTab; label: string; icon: string }>

/**
 * Right: the request's parameters, the generated curl, and the inspector of a reply; its left edge
 * drags to make it wider (kept across reloads).
 */
export function SidePanel(): React.JSX.Element {
  const tab = useAppStore((state) => state.sidePanelTab)
  const collapsed = useAppStore((state) => state.sidePanelCollapsed)
  const setTab = useAppStore((state) => state.setSidePanelTab)
  const setCollapsed = useAppStore((state) => state.setSidePanelCollapsed)
  const width = useAppStore((state) => state.sidePanelWidth)
  const setWidth = useAppStore((state) => state.setSidePanelWidth)
  return (
    <TabbedRegion
      side="right"
      label="Side panel"
      tabs={SIDE_PANEL_TABS}
      selected={tab}
      onSelect={setTab}
      collapsed={collapsed}
      onCollapsedChange={setCollapsed}
      width={width}
      onResize={setWidth}
    >
      <SidePanelContent tab={tab} />
    </TabbedRegion>
  )
}

function SidePanelContent({ tab }: { tab: SidePanelTab }): React.JSX.Element {
  // Each tab says which model and dialect the focused pane uses: blind mode keeps them back too.
  const hidden = useAppStore(selectLabelsHidden)
  if (hidden)
    return (
      <p className="side-panel-blind" role="status">
        Hidden until you vote: the focused pane&apos;s parameters, code and events would say which model and
        dialect it is. Vote on the latest turn, or turn blind mode off, to see them.
      </p>
    )
  switch (tab) {
    case 'params':
      return <ParamsPanel />
    case 'code':
      return <CurlPanel />
    case 'inspector':
      return <InspectorPanel />
    default: {
      const unknownTab: never = tab
      throw new Error(`Unknown side panel tab ${String(unknownTab)}`)
    }
  }
}
