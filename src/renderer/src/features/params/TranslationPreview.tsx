import { Badge, type BadgeTone } from '@renderer/components/Badge'
import { dialects } from '@shared/dialects'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import type { NextRequest } from '@renderer/features/curl/next-request'
import { ParamsSection } from './ParamsSection'
import { paneLabel } from './params-selectors'

function actionTone(action: ParamAdjustment['action']): BadgeTone {
  switch (action) {
    case 'clamped':
    case 'dropped':
      return 'warning'
    case 'defaulted':
    case 'converted':
      return 'accent'
    default: {
      const unreachable: never = action
      throw new Error(`unknown adjustment ${JSON.stringify(unreachable)}`)
    }
  }
}

/**
 * What each pane's dialect will change in the request as it stands (params, system prompt, transcript
 * and draft): clamps, drops, defaults and conversions, in the dialect's own words, updated live.
 */
export function TranslationPreview({
  nextRequests,
}: {
  nextRequests: readonly NextRequest[]
}): React.JSX.Element {
  return (
    <ParamsSection title="Translation preview">
      {nextRequests.map((next, index) => (
        <div key={next.pane.id} className="params-preview-pane">
          <div className="params-preview-title">
            {paneLabel(index)} · {dialects[next.pane.dialect].label}
          </div>
          {!next.ok ? (
            <div className="params-error">{next.message}</div>
          ) : next.built.adjustments.length === 0 ? (
            <div className="field-hint">Sent as set: nothing to adjust.</div>
          ) : (
            <ul className="params-adjustments" aria-label={`Adjustments for ${paneLabel(index)}`}>
              {next.built.adjustments.map((adjustment, adjustmentIndex) => (
                <li key={adjustmentIndex} className="params-adjustment">
                  <Badge tone={actionTone(adjustment.action)}>{adjustment.action}</Badge>
                  <span>{adjustment.detail}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </ParamsSection>
  )
}
