import { useId, useState } from 'react'
import { LOG_POSITIONS, logPosition, logValue } from './log-scale'
import './components.css'

/**
 * A slider with an exact number input beside it (table stakes in every good playground). The number
 * input accepts any value typed; the caller decides what is valid and shows a note when it clamps.
 * While the value is unset the slider rests, dimmed, at `unsetAt` (the value the server uses then),
 * so the first arrow key moves from the default, not from the end of the range. A range over orders
 * of magnitude (max tokens) takes `scale="log"`: the track is geometric (log-scale.ts).
 */
export function SliderField({
  label,
  value,
  min,
  max,
  step,
  unsetAt,
  onChange,
  disabled,
  hint,
  note,
  scale = 'linear',
}: {
  label: string
  /** Undefined: not set (the server's default applies). */
  value: number | undefined
  min: number
  max: number
  step: number
  /** Where the slider rests while the value is unset: the server's default for it. */
  unsetAt: number
  onChange: (value: number | undefined) => void
  disabled?: boolean
  hint?: string
  /** A visible remark under the field, e.g. "clamped to 1 for Messages". */
  note?: string
  scale?: 'linear' | 'log'
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
      <SliderTrack
        id={id}
        value={value}
        min={min}
        max={max}
        step={step}
        unsetAt={unsetAt}
        scale={scale}
        disabled={disabled}
        onChange={(next) => {
          setText(null)
          onChange(next)
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

/** The range input: straight, or geometric over positions (`log`), resting at `unsetAt` while unset. */
function SliderTrack({
  id,
  value,
  min,
  max,
  step,
  unsetAt,
  scale,
  disabled,
  onChange,
}: {
  id: string
  value: number | undefined
  min: number
  max: number
  step: number
  unsetAt: number
  scale: 'linear' | 'log'
  disabled: boolean | undefined
  onChange: (value: number) => void
}): React.JSX.Element {
  const resting = Math.min(max, Math.max(min, value ?? unsetAt))
  const log = scale === 'log'
  const track = log
    ? { min: 0, max: LOG_POSITIONS, step: 1, value: logPosition(resting, { min, max }) }
    : { min, max, step, value: resting }
  const valueText =
    value === undefined ? `default (${unsetAt})` : log ? value.toLocaleString('en-US') : undefined
  return (
    <input
      id={id}
      className={`slider ${value === undefined ? 'slider-unset' : ''}`}
      type="range"
      min={track.min}
      max={track.max}
      step={track.step}
      value={track.value}
      aria-valuetext={valueText}
      title={value === undefined ? `Not set: the server's default (${unsetAt}) applies` : undefined}
      disabled={disabled}
      onChange={(event) => {
        const position = Number(event.target.value)
        onChange(log ? logValue(position, { min, max }, value) : position)
      }}
    />
  )
}
