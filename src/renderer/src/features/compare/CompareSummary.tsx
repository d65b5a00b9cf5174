import { useMemo } from 'react'
import type { ParamAdjustment } from '../../../../shared/dialects/dialect'
import { useAppStore } from '../../store'
import { compareSummary } from './compare-summary'
import './compare.css'

/**
 * The differences between the two panes' replies to the latest turn: what each dialect did to the
 * parameters, how each finished, tokens, TTFT and speed, side by side.
 */
export function CompareSummary(): React.JSX.Element | null {
  const panes = useAppStore((state) => state.conversation.panes)
  const view = useMemo(() => compareSummary(panes), [panes])
  if (!view) return null
  return (
    <section aria-label="Compare summary" className="compare-summary">
      <details open>
        <summary className="compare-summary-title">Differences for the latest turn</summary>
        <div className="compare-summary-body">
          <table className="compare-table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">
                  Pane 1<span className="compare-target">{view.targets[0]}</span>
                </th>
                <th scope="col">
                  Pane 2<span className="compare-target">{view.targets[1]}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.label} className={row.differs ? 'compare-differs' : ''}>
                  <th scope="row">{row.label}</th>
                  <td>{row.values[0]}</td>
                  <td>{row.values[1]}</td>
                </tr>
              ))}
              <tr className={view.adjustmentsDiffer ? 'compare-differs' : ''}>
                <th scope="row">Parameters</th>
                <td>
                  <AdjustmentList adjustments={view.adjustments[0]} />
                </td>
                <td>
                  <AdjustmentList adjustments={view.adjustments[1]} />
                </td>
              </tr>
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
