import { useId, type ComponentProps } from 'react'
import './components.css'

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string
  /** Shown under the field; also its description for screen readers. */
  hint?: string
  /** An error for this field (from validation or from main), shown under it and announced. */
  error?: string
  /** Hide the label visually (it still names the input). */
  hideLabel?: boolean
}

/** A labelled text input with a hint and an inline error wired to `aria-describedby`/`aria-invalid`. */
export function TextField({
  label,
  hint,
  error,
  hideLabel = false,
  className,
  ...inputProps
}: TextFieldProps): React.JSX.Element {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <input
        id={id}
        className="text-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {error && (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  )
}
