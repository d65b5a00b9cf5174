import './components.css'

/**
 * A native <details> section: collapsed parts stay in the DOM (find-in-page, tests) and the browser
 * handles keyboard and screen-reader semantics.
 */
export function Disclosure({
  summary,
  children,
  defaultOpen = false,
  className,
}: {
  summary: React.ReactNode
  children: React.ReactNode
  defaultOpen?: boolean
  className?: string
}): React.JSX.Element {
  return (
    <details className={`disclosure ${className ?? ''}`} open={defaultOpen}>
      <summary className="disclosure-summary">{summary}</summary>
      <div className="disclosure-body">{children}</div>
    </details>
  )
}
