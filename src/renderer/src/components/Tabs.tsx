import './components.css'

export type TabItem<T extends string> = { id: T; label: string }

/** A row of tabs with proper roles; the caller renders the selected panel. */
export function Tabs<T extends string>({
  items,
  selected,
  onSelect,
  label,
  size = 'md',
}: {
  items: ReadonlyArray<TabItem<T>>
  selected: T
  onSelect: (id: T) => void
  label: string
  size?: 'sm' | 'md'
}): React.JSX.Element {
  return (
    <div role="tablist" aria-label={label} className={`tabs tabs-${size}`}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          aria-selected={item.id === selected}
          className={`tab ${item.id === selected ? 'tab-selected' : ''}`}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}
