import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import type { CellResult } from '@shared/eval/run/eval-run-types'
import { useAppStore } from '@renderer/store'

/**
 * A person's verdict on one cell, with a comment: kept with the saved run and counted apart from
 * the graders (the grid marks it, the pass-rate chart and the HTML report count it). Offered once
 * the shown run is saved and has ended.
 */
export function CellReviewForm({ cell }: { cell: CellResult }): React.JSX.Element | null {
  const canReview = useAppStore(
    (state) =>
      state.wbRun !== null &&
      state.wbRun.status !== 'running' &&
      state.wbSavedRuns.some((run) => run.id === state.wbRun?.id),
  )
  const reviewCell = useAppStore((state) => state.reviewCell)
  const review = cell.review
  const [comment, setComment] = useState(review?.comment ?? '')
  if (!canReview) return null
  const name = `${cell.caseId} × ${cell.targetId}`
  const mark = (verdict: 'pass' | 'fail'): void => {
    const text = comment.trim()
    void reviewCell(cell.caseId, cell.targetId, {
      verdict,
      at: Date.now(),
      ...(text === '' ? {} : { comment: text }),
    })
  }
  return (
    <div className="wb-review" role="group" aria-label={`Review of ${name}`}>
      <span className="wb-review-state">
        {review === undefined ? 'Not reviewed' : `Reviewed: ${review.verdict}`}
        {review?.comment !== undefined && ` — ${review.comment}`}
      </span>
      <input
        className="text-input wb-review-comment"
        aria-label={`Review comment on ${name}`}
        placeholder="Comment (optional)"
        maxLength={10_000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button size="sm" onClick={() => mark('pass')}>
        Mark pass
      </Button>
      <Button size="sm" onClick={() => mark('fail')}>
        Mark fail
      </Button>
      {review !== undefined && (
        <Button size="sm" variant="ghost" onClick={() => void reviewCell(cell.caseId, cell.targetId, null)}>
          Clear review
        </Button>
      )}
    </div>
  )
}
