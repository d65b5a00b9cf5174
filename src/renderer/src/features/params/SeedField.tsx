import { useId, useState } from 'react'
import { useAppStore } from '@renderer/store'
import { selectParam } from './params-selectors'
import { supportHint } from './support-hint'
import { FieldRow } from './FieldRow'

/** Seed: an optional whole number (best-effort determinism in Chat Completions; Messages has none). */
export function SeedField({ listed }: { listed: boolean }): React.JSX.Element {
  const seed = useAppStore((state) => selectParam(state, 'seed'))
  const setParams = useAppStore((state) => state.setParams)
  const id = useId()
  const [text, setText] = useState<string | null>(null)
  const [rejected, setRejected] = useState(false)
  const shown = text ?? (seed === undefined ? '' : String(seed))
  return (
    <div className="field">
      <FieldRow htmlFor={id} label="Seed">
        <input
          id={id}
          className="number-input"
          type="number"
          inputMode="numeric"
          step={1}
          placeholder="none"
          value={shown}
          onChange={(event) => {
            const typed = event.target.value
            setText(typed)
            const value = typed.trim() === '' ? undefined : Number(typed)
            if (value === undefined || Number.isSafeInteger(value)) {
              setRejected(false)
              setParams({ seed: value })
            } else {
              setRejected(true)
            }
          }}
          onBlur={() => {
            setText(null)
            setRejected(false)
          }}
        />
      </FieldRow>
      <div className="field-hint">{supportHint(listed, 'Optional whole number. Empty: none sent.')}</div>
      {rejected && (
        <div className="field-note" role="note">
          Seed must be a whole number; {seed === undefined ? 'none is set' : `${seed} is kept`}.
        </div>
      )}
    </div>
  )
}
