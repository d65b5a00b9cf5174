import { useMemo } from 'react'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import { useAppStore } from '@renderer/store'
import { dialectLabel } from '@renderer/features/chat/format-reply'
import { compareSummary } from './compare-summary'
import { settingDifferences } from './setting-differences'
import './compare.css'

/**
 * The differences between the two panes: the settings each sends differently (unlinked ones), and
 * for their replies to the latest turn what each dialect did to the parameters, how each finished,
 * tokens, TTFT and speed, side by side.
 */
export function CompareSummary(): React.JSX.Element | null {
  // The panes change with every streamed frame anyway; the rest of the conversation rarely.
  const conversation = useAppStore((state) => state.conversation)
  const view = useMemo(() => compareSummary(conversation.panes), [conversation.panes])
  const settings = useMemo(() => settingDifferences(conversation), [conversation])
  if (!view && settings.length === 0) return null
  const head = (index: number): string => {
    const pane = conversation.panes[index]
    return pane ? `${dialectLabel(pane.dialect)} · ${pane.model}` : ''
  }
  const targets = view?.targets ?? [head(0), head(1)]
  return (
    <section aria-label="Compare summary" className="compare-summary">
      <details open>
        <summary className="compare-summary-title">
          {view ? 'Differences for the latest turn' : 'Differences between the panes'}
        </summary>
        <div className="compare-summary-body">
          <table className="compare-table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">
                  Pane 1<span className="compare-target">{targets[0]}</span>
                </th>
                <th scope="col">
                  Pane 2<span className="compare-target">{targets[1]}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {settings.map((row) => (
                <tr key={row.key} className="compare-differs compare-setting">
                  <th scope="row">{row.label}</th>
                  <td>{row.values[0]}</td>
                  <td>{row.values[1]}</td>
                </tr>
              ))}
              {view?.rows.map((row) => (
                <tr key={row.label} className={row.differs ? 'compare-differs' : ''}>
                  <th scope="row">{row.label}</th>
                  <td>{row.values[0]}</td>
                  <td>{row.values[1]}</td>
                </tr>
              ))}
              {view && (
                <tr className={view.adjustmentsDiffer ? 'compare-differs' : ''}>
                  <th scope="row">Parameters</th>
                  <td>
                    <AdjustmentList adjustments={view.adjustments[0]} />
                  </td>
                  <td>
                    <AdjustmentList adjustments={view.adjustments[1]} />
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </details>
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
