import { useRef } from 'react'
import './components.css'

export type TabItem<T extends string> = { id: T; label: string }

/** The id of the element a tab controls, so the caller's panel can name its tab (`aria-labelledby`). */
function tabId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`
}
function tabPanelId(idPrefix: string, id: string): string {
  return `${idPrefix}-panel-${id}`
}

/**
 * A row of tabs with proper roles; the caller renders the selected panel (with `TabPanel` when it
 * passes `idPrefix`, so tab and panel reference each other). Arrow keys, Home and End move between
 * tabs and select them (the WAI-ARIA "automatic activation" pattern); only the selected tab is in the
 * Tab order.
 */
export function Tabs<T extends string>({
  items,
  selected,
  onSelect,
  label,
  size = 'md',
  idPrefix,
  allPanelsRendered = false,
}: {
  items: ReadonlyArray<TabItem<T>>
  selected: T
  onSelect: (id: T) => void
  label: string
  size?: 'sm' | 'md'
  /** Ids for tabs and panels (`useId()`), so each references the other. */
  idPrefix?: string
  /** Every panel is in the DOM (hidden when not selected), so every tab may point at its panel. */
  allPanelsRendered?: boolean
}): React.JSX.Element {
  const listRef = useRef<HTMLDivElement>(null)

  const moveTo = (index: number): void => {
    const count = items.length
    const item = items[((index % count) + count) % count]
    if (!item) return
    onSelect(item.id)
    // Focus follows the selection, on the button that now carries tabIndex 0.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')
    buttons?.[items.indexOf(item)]?.focus()
  }

  const onKeyDown = (event: React.KeyboardEvent, index: number): void => {
    switch (event.key) {
      case 'ArrowRight':
        moveTo(index + 1)
        break
      case 'ArrowLeft':
        moveTo(index - 1)
        break
      case 'Home':
        moveTo(0)
        break
      case 'End':
        moveTo(items.length - 1)
        break
      default:
        return
    }
    event.preventDefault()
  }

  return (
    <div ref={listRef} role="tablist" aria-label={label} className={`tabs tabs-${size}`}>
      {items.map((item, index) => {
        const isSelected = item.id === selected
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={idPrefix ? tabId(idPrefix, item.id) : undefined}
            aria-controls={
              idPrefix && (isSelected || allPanelsRendered) ? tabPanelId(idPrefix, item.id) : undefined
            }
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            className={`tab ${isSelected ? 'tab-selected' : ''}`}
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

/** The panel of tab `id`, labelled by it; `hidden` when another tab is selected. */
export function TabPanel({
  idPrefix,
  id,
  hidden = false,
  className,
  children,
}: {
  idPrefix: string
  id: string
  hidden?: boolean
  className?: string
  children: React.ReactNode
}): React.JSX.Element {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      hidden={hidden}
      className={className}
    >
      {children}
    </div>
  )
}
