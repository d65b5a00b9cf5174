import { MAX_PANES } from '@shared/history/conversation'
import { Button } from '@renderer/components/Button'
import { selectConversationBusy } from '@renderer/features/chat/chat-selectors'
import { useAppStore } from '@renderer/store'
import { compareModeOf, type CompareMode } from './compare-mode'
import './compare.css'

const MODES: ReadonlyArray<{ mode: CompareMode; label: string }> = [
  { mode: 'off', label: 'Single' },
  { mode: 'dialects', label: 'Dialects side by side' },
  { mode: 'models', label: 'Models side by side' },
]

/**
 * One pane, or two: the same model through both dialects, or two models through one dialect; then up
 * to four ("Add pane": a copy of the focused pane, whose model, dialect and settings are then set in
 * it). With more than two, the mode stays until panes are removed (only one pane per mode is set aside).
 */
export function CompareControl(): React.JSX.Element {
  const current = useAppStore((state) => compareModeOf(state.conversation))
  const busy = useAppStore(selectConversationBusy)
  const paneCount = useAppStore((state) => state.conversation.panes.length)
  const many = paneCount > 2
  const blind = useAppStore((state) => state.conversation.blind === true)
  return (
    <div className="compare-control">
      <div role="radiogroup" aria-label="Compare" className="compare-control-modes">
        <span className="compare-control-label" aria-hidden="true">
          Compare
        </span>
        <CompareModes current={current} disabled={busy} many={many} />
      </div>
      {current !== 'off' && (
        <label className="compare-option" title="Hide models, dialects and settings until you vote">
          <input
            type="checkbox"
            checked={blind}
            onChange={(event) => useAppStore.getState().setBlind(event.target.checked)}
          />
          Blind
        </label>
      )}
      {current !== 'off' && (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy || paneCount >= MAX_PANES}
          title={
            paneCount >= MAX_PANES
              ? `At most ${MAX_PANES} panes`
              : 'A copy of the focused pane: pick its model, dialect and settings'
          }
          onClick={() => useAppStore.getState().addPane()}
        >
          + Add pane
        </Button>
      )}
    </div>
  )
}

function CompareModes({
  current,
  disabled,
  many,
}: {
  current: CompareMode
  disabled: boolean
  /** More than two panes: the mode stays until panes are removed. */
  many: boolean
}): React.JSX.Element {
  return (
    <>
      {MODES.map(({ mode, label }) => (
        <label
          key={mode}
          className={`compare-option ${current === mode ? 'compare-option-on' : ''}`}
          title={many && current !== mode ? 'Remove panes down to two to switch' : undefined}
        >
          <input
            type="radio"
            name="compare-mode"
            value={mode}
            checked={current === mode}
            disabled={disabled || (many && current !== mode)}
            onChange={() => useAppStore.getState().setCompareMode(mode)}
          />
          {label}
        </label>
      ))}
    </>
  )
}
