import { Button } from '@renderer/components/Button'
import type { MeterView } from './context-meter-view'
import './context-meter.css'

/** `12,480 / 262,144 tokens` per pane, beside the composer's buttons (hover: who counted). */
export function ContextMeter({ view }: { view: MeterView }): React.JSX.Element {
  return (
    <span className="context-meter" role="status" aria-label="Context used">
      {view.parts.map((part, index) => (
        <span
          key={index}
          className={`context-meter-part ${part.over ? 'context-meter-over' : ''}`}
          title={part.title}
        >
          {part.label !== '' && <span className="context-meter-label">{part.label} </span>}
          {part.text}
        </span>
      ))}
    </span>
  )
}

/**
 * Above the composer's buttons when a send would not fit a model's context: what would overflow, and,
 * once Send was pressed anyway, the choice to send regardless (a remote service may count otherwise).
 */
export function ContextWarning({
  view,
  asking,
  onSendAnyway,
  onCancel,
}: {
  view: MeterView
  asking: boolean
  onSendAnyway: () => void
  onCancel: () => void
}): React.JSX.Element | null {
  if (view.warnings.length === 0) return null
  return (
    <div className="context-warning" role="alert">
      {view.warnings.map((warning, index) => (
        <div key={index}>{warning}</div>
      ))}
      {asking && (
        <div className="context-warning-actions">
          <Button size="sm" variant="danger" onClick={onSendAnyway}>
            Send anyway
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  )
}
