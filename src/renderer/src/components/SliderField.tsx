import { useId, useState } from 'react'
import './components.css'

/**
 * A slider with an exact number input beside it (table stakes in every good playground). The number
 * input accepts any value typed; the caller decides what is valid and shows a note when it clamps.
 */
export function SliderField({
  label,
  value,
  min,
  max,
  step,
  onChange,
  disabled,
  hint,
  note,
}: {
  label: string
  /** Undefined: not set (the server's default applies). */
  value: number | undefined
  min: number
  max: number
  step: number
  onChange: (value: number | undefined) => void
  disabled?: boolean
  hint?: string
  /** A visible remark under the field, e.g. "clamped to 1 for Messages". */
  note?: string
}): React.JSX.Element {
  const id = useId()
  const [text, setText] = useState<string | null>(null)
  const shown = text ?? (value === undefined ? '' : String(value))
  return (
    <div className="field">
      <div className="field-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          aria-label={`${label} value`}
          className="number-input"
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={shown}
          placeholder="default"
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value)
            const parsed = event.target.value === '' ? undefined : Number(event.target.value)
            if (parsed === undefined || Number.isFinite(parsed)) onChange(parsed)
          }}
          onBlur={() => setText(null)}
        />
      </div>
      <input
        id={id}
        className="slider"
        type="range"
        min={min}
        max={max}
        step={step}
        value={value ?? min}
        disabled={disabled}
        onChange={(event) => {
          setText(null)
          onChange(Number(event.target.value))
        }}
      />
      {hint && <div className="field-hint">{hint}</div>}
      {note && (
        <div className="field-note" role="note">
          {note}
        </div>
      )}
    </div>
  )
}
