import { memo } from 'react'
import type { CellResult } from '@shared/eval/run/eval-run-types'
import { formatPoints } from '@shared/catalog/format-points'
import { graderVerdictLine } from '@shared/eval/graders/grader-result'
import { gridMs, gridRate } from '@renderer/features/workbench/workbench-format'

/**
 * One cell of the grid: the verdict, the output's start, timings and points; pressed to compare it.
 * Memoised: a finished cell's object never changes, so a frame re-renders only the cells that arrived.
 */
export const CellView = memo(function CellView({
  cellKey,
  cell,
  regressed,
  selected,
  onSelect,
}: {
  /** The cell's key (cellKey), handed to `onSelect`: one stable callback for every cell keeps the memo. */
  cellKey: string
  cell: CellResult | undefined
  regressed: boolean
  selected: boolean
  onSelect: (cellKey: string) => void
}): React.JSX.Element {
  if (cell === undefined) return <div className="wb-cell wb-cell-pending">…</div>
  const failedReasons = cell.graders
    .filter((g) => !g.passed && g.skipped !== true)
    .map((g) => `✗ ${graderVerdictLine(g)}`)
  const why = cell.error ?? failedReasons.join('\n')
  return (
    <button
      type="button"
      className={`wb-cell ${cell.passed ? 'wb-pass' : 'wb-fail'} ${regressed ? 'wb-regressed' : ''} ${selected ? 'wb-selected' : ''}`}
      data-verdict={cell.passed ? 'pass' : 'fail'}
      data-regression={regressed ? 'yes' : undefined}
      data-review={cell.review?.verdict}
      title={why || cell.output.slice(0, 500)}
      aria-pressed={selected}
      onClick={() => onSelect(cellKey)}
    >
      <span className="wb-verdict">
        {cell.passed ? 'PASS' : 'FAIL'}
        {regressed && ' · regression'}
        {cell.review !== undefined && ` · reviewed ${cell.review.verdict}`}
      </span>
      <span className="wb-preview">{cell.output.slice(0, 90).replace(/\s+/g, ' ')}</span>
      <span className="wb-figures">
        TTFT {gridMs(cell.ttftMs)} · {gridRate(cell.tokensPerSecond)}
      </span>
      <span className="wb-figures">
        {cell.outputTokens ?? '–'} tok
        {cell.points === undefined ? '' : ` · ${formatPoints(cell.points)} pt`}
      </span>
    </button>
  )
})
