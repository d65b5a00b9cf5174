import { useId } from 'react'
import './components.css'

/** A checkbox with its label beside it and an optional hint under it. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: string
  disabled?: boolean
}): React.JSX.Element {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className="field">
      <div className="checkbox-row">
        <input
          id={id}
          type="checkbox"
          className="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="field-label">
          {label}
        </label>
      </div>
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  )
}
