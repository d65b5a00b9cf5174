import { type SelectHTMLAttributes } from 'react'
import { FieldNotes, useFieldNotes } from './FieldNotes'
import './components.css'

export type SelectOption<T extends string> = { value: T; label: string; disabled?: boolean }

/**
 * A labelled native select (keyboard, screen readers and long lists for free). `inline` puts the label
 * beside the select, for toolbars; `hideLabel` keeps it for assistive technology only.
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  error,
  inline = false,
  hideLabel = false,
  className,
  ...selectProps
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'> & {
  label: string
  value: T
  options: ReadonlyArray<SelectOption<T>>
  onChange: (value: T) => void
  hint?: string
  error?: string
  inline?: boolean
  hideLabel?: boolean
}): React.JSX.Element {
  const { id, noteIds, controlProps } = useFieldNotes({ hint, error })
  return (
    <div className={`field ${inline ? 'field-inline' : ''} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        {...controlProps}
        onChange={(event) => onChange(event.target.value as T)}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} error={error} {...noteIds} />
    </div>
  )
}
