import { useId, useRef } from 'react'
import { TabPanel, Tabs, type TabItem } from '@renderer/components/Tabs'
import { RegionResizeHandle } from './RegionResizeHandle'

/**
 * A side region of the shell (models/history on the left, parameters/code/inspector on the right):
 * tabs on top, the selected panel scrolling on its own below, and a button that collapses the region
 * to a narrow rail to give the chat room. In the rail, one button per tab reopens it on that tab.
 * With `onResize`, its inner edge can be dragged to make it wider (the width is the caller's to keep).
 */
export function TabbedRegion<T extends string>({
  side,
  label,
  tabs,
  selected,
  onSelect,
  collapsed,
  onCollapsedChange,
  width,
  onResize,
  children,
}: {
  side: 'left' | 'right'
  /** Names the region ("Sidebar") and its tablist. */
  label: string
  tabs: ReadonlyArray<TabItem<T> & { icon: string }>
  selected: T
  onSelect: (tab: T) => void
  collapsed: boolean
  onCollapsedChange: (collapsed: boolean) => void
  /** The width the user chose (CSS pixels); null or absent: the layout's default. */
  width?: number | null
  onResize?: (width: number | null) => void
  /** The selected tab's panel (only it is rendered: hidden panels would still re-render on updates). */
  children: React.ReactNode
}): React.JSX.Element {
  const idPrefix = useId()
  const bodyId = `${idPrefix}-body`
  const lowerLabel = label.toLowerCase()
  const regionRef = useRef<HTMLElement>(null)
  if (collapsed) {
    return (
      <aside className={`app-region app-region-${side} app-region-collapsed`} aria-label={label}>
        <RegionRail
          side={side}
          label={label}
          tabs={tabs}
          onSelect={onSelect}
          onExpand={() => onCollapsedChange(false)}
        />
      </aside>
    )
  }

  return (
    <aside
      ref={regionRef}
      className={`app-region app-region-${side} ${width ? 'app-region-sized' : ''}`}
      aria-label={label}
      style={width ? { width } : undefined}
    >
      {onResize && (
        <RegionResizeHandle
          side={side}
          label={`Resize ${lowerLabel}`}
          regionRef={regionRef}
          value={width ?? null}
          onResize={onResize}
        />
      )}
      <div className="app-region-head">
        <Tabs items={tabs} selected={selected} onSelect={onSelect} label={label} idPrefix={idPrefix} />
        <HideButton side={side} label={lowerLabel} controls={bodyId} onHide={() => onCollapsedChange(true)} />
      </div>
      <div id={bodyId} className="app-region-body">
        <TabPanel idPrefix={idPrefix} id={selected} className="app-region-panel">
          {children}
        </TabPanel>
      </div>
    </aside>
  )
}

function HideButton({
  side,
  label,
  controls,
  onHide,
}: {
  side: 'left' | 'right'
  label: string
  controls: string
  onHide: () => void
}): React.JSX.Element {
  return (
    <button
      type="button"
      className="app-collapse-button"
      aria-label={`Hide ${label}`}
      title={`Hide ${label}`}
      aria-expanded={true}
      aria-controls={controls}
      onClick={onHide}
    >
      {/* Arrows point the way the region moves: the left one folds to the left. */}
      {side === 'left' ? '«' : '»'}
    </button>
  )
}

/** The region folded to a rail: a button that reopens it, and one per tab that reopens it on that tab. */
function RegionRail<T extends string>({
  side,
  label,
  tabs,
  onSelect,
  onExpand,
}: {
  side: 'left' | 'right'
  label: string
  tabs: ReadonlyArray<TabItem<T> & { icon: string }>
  onSelect: (tab: T) => void
  onExpand: () => void
}): React.JSX.Element {
  const lowerLabel = label.toLowerCase()
  return (
    <>
      <button
        type="button"
        className="app-rail-button"
        aria-label={`Show ${lowerLabel}`}
        title={`Show ${lowerLabel}`}
        aria-expanded={false}
        onClick={onExpand}
      >
        {side === 'left' ? '»' : '«'}
      </button>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          className="app-rail-button"
          aria-label={`Show ${tab.label}`}
          title={tab.label}
          onClick={() => onSelect(tab.id)}
        >
          <span aria-hidden="true">{tab.icon}</span>
        </button>
      ))}
    </>
  )
}
