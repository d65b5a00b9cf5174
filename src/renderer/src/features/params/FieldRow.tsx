import type { ReactNode } from 'react'

/**
 * A field's first row: its label (naming the control `htmlFor` points at, which is how users and the
 * e2e specs find it) and what sits beside it: the control itself, a count, or a button.
 */
export function FieldRow({
  htmlFor,
  label,
  sublabel = false,
  children,
}: {
  htmlFor: string
  label: ReactNode
  /** A smaller label, for a field nested under another (the JSON schema's name and schema). */
  sublabel?: boolean
  children: ReactNode
}): React.JSX.Element {
  return (
    <div className="field-row">
      <label htmlFor={htmlFor} className={sublabel ? 'field-label params-sublabel' : 'field-label'}>
        {label}
      </label>
      {children}
    </div>
  )
}
