import './components.css'

/**
 * A native <details> section: collapsed parts stay in the DOM (find-in-page, tests) and the browser
 * handles keyboard and screen-reader semantics. `onToggle` tells a caller whose body is costly to
 * keep current (a live chart) when it is shown.
 */
export function Disclosure({
  summary,
  children,
  defaultOpen = false,
  className,
  onToggle,
}: {
  summary: React.ReactNode
  children: React.ReactNode
  defaultOpen?: boolean
  className?: string
  onToggle?: (open: boolean) => void
}): React.JSX.Element {
  return (
    <details
      className={`disclosure ${className ?? ''}`}
      open={defaultOpen}
      onToggle={onToggle && ((event) => onToggle(event.currentTarget.open))}
    >
      <summary className="disclosure-summary">{summary}</summary>
      <div className="disclosure-body">{children}</div>
    </details>
  )
}
