import { type ComponentProps } from 'react'
import { FieldNotes, useFieldNotes } from './FieldNotes'
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
  const { id, noteIds, controlProps } = useFieldNotes({ hint, error })
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <input id={id} className="text-input" {...controlProps} {...inputProps} />
      <FieldNotes hint={hint} error={error} {...noteIds} />
    </div>
  )
}
