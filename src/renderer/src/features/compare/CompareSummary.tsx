import { useMemo } from 'react'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import { useAppStore } from '@renderer/store'
import { dialectLabel } from '@renderer/features/chat/format-reply'
import { compareSummary } from './compare-summary'
import { labelsHidden } from './blind-votes'
import { ReplyWordDiff } from './ReplyWordDiff'
import { settingDifferences } from './setting-differences'
import './compare.css'

/**
 * The differences between the panes (two to four): the settings each sends differently (unlinked ones), and
 * for their replies to the latest turn what each dialect did to the parameters, how each finished,
 * tokens, TTFT, total time, speed and points, side by side, then the replies word by word.
 */
export function CompareSummary(): React.JSX.Element | null {
  // The panes change with every streamed frame anyway; the rest of the conversation rarely.
  const conversation = useAppStore((state) => state.conversation)
  const view = useMemo(() => compareSummary(conversation.panes), [conversation.panes])
  const hidden = labelsHidden(conversation)
  const settings = useMemo(() => settingDifferences(conversation), [conversation])
  if (!view && settings.length === 0) return null
  // Blind: the figures tell dialects apart (finish words, adjustments), so before the vote only the
  // replies' words are compared.
  if (hidden) {
    return view ? (
      <section aria-label="Compare summary" className="compare-summary">
        <ReplyWordDiff panes={conversation.panes} turnId={view.turnId} />
      </section>
    ) : null
  }
  const head = (index: number): string => {
    const pane = conversation.panes[index]
    return pane ? `${dialectLabel(pane.dialect)} · ${pane.model}` : ''
  }
  const targets = view?.targets ?? conversation.panes.map((_, index) => head(index))
  // Four panes sit two by two: the table takes less of the height so their replies stay readable.
  const className = conversation.panes.length > 2 ? 'compare-summary compare-summary-many' : 'compare-summary'
  return (
    <section aria-label="Compare summary" className={className}>
      <details open>
        <summary className="compare-summary-title">
          {view ? 'Differences for the latest turn' : 'Differences between the panes'}
        </summary>
        <div className="compare-summary-body">
          <table className="compare-table">
            <thead>
              <tr>
                <th scope="col" />
                {targets.map((target, index) => (
                  <th key={index} scope="col">
                    Pane {index + 1}
                    <span className="compare-target">{target}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {settings.map((row) => (
                <tr key={row.key} className="compare-differs compare-setting">
                  <th scope="row">{row.label}</th>
                  {row.values.map((value, index) => (
                    <td key={index}>{value}</td>
                  ))}
                </tr>
              ))}
              {view?.rows.map((row) => (
                <tr key={row.label} className={row.differs ? 'compare-differs' : ''}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((value, index) => (
                    <td key={index}>{value}</td>
                  ))}
                </tr>
              ))}
              {view && (
                <tr className={view.adjustmentsDiffer ? 'compare-differs' : ''}>
                  <th scope="row">Parameters</th>
                  {view.adjustments.map((adjustments, index) => (
                    <td key={index}>
                      <AdjustmentList adjustments={adjustments} />
                    </td>
                  ))}
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </details>
      {view && <ReplyWordDiff panes={conversation.panes} turnId={view.turnId} />}
    </section>
  )
}

function AdjustmentList({ adjustments }: { adjustments: ParamAdjustment[] }): React.JSX.Element {
  if (adjustments.length === 0) return <span className="compare-none">sent as set</span>
  return (
    <ul className="compare-adjustments">
      {adjustments.map((adjustment, index) => (
        <li key={index}>
          <span className={`compare-action compare-action-${adjustment.action}`}>{adjustment.action}</span>{' '}
          {adjustment.detail}
        </li>
      ))}
    </ul>
  )
}
