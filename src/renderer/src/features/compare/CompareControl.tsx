import { selectConversationBusy } from '@renderer/features/chat/chat-selectors'
import { useAppStore } from '@renderer/store'
import { compareModeOf, type CompareMode } from './compare-mode'
import './compare.css'

const MODES: ReadonlyArray<{ mode: CompareMode; label: string }> = [
  { mode: 'off', label: 'Single' },
  { mode: 'dialects', label: 'Dialects side by side' },
  { mode: 'models', label: 'Models side by side' },
]

/** One pane, or two: the same model through both dialects, or two models through one dialect. */
export function CompareControl(): React.JSX.Element {
  const current = useAppStore((state) => compareModeOf(state.conversation))
  const busy = useAppStore(selectConversationBusy)
  return (
    <div role="radiogroup" aria-label="Compare" className="compare-control">
      <span className="compare-control-label" aria-hidden="true">
        Compare
      </span>
      {MODES.map(({ mode, label }) => (
        <label key={mode} className={`compare-option ${current === mode ? 'compare-option-on' : ''}`}>
          <input
            type="radio"
            name="compare-mode"
            value={mode}
            checked={current === mode}
            disabled={busy}
            onChange={() => useAppStore.getState().setCompareMode(mode)}
          />
          {label}
        </label>
      ))}
    </div>
  )
}
