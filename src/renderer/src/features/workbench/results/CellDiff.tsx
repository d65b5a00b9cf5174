import { useEffect, useMemo, useRef } from 'react'
import { useAppStore } from '@renderer/store'
import type { CellResult } from '@shared/eval'
import { graderVerdictLine } from '@shared/eval/graders/grader-result'
import { diffLines } from '@renderer/lib/text-diff'
import { CellReviewForm } from './CellReviewForm'

function describe(cell: CellResult): string {
  return `${cell.caseId} × ${cell.targetId} (${cell.passed ? 'pass' : 'fail'})`
}

/** The outputs of two chosen cells, line by line, with what each grader said and each one's review. */
export function CellDiff({ keys }: { keys: string[] }): React.JSX.Element | null {
  const cells = useAppStore((state) => state.wbRun?.cells)
  const [first, second] = keys.map((key) => cells?.[key])
  const diff = useMemo(() => (first && second ? diffLines(first.output, second.output) : []), [first, second])
  const sectionRef = useRef<HTMLElement>(null)
  const pair = second === undefined ? undefined : keys.join('|')
  // The second pick brings the diff into view (the grid may fill the column's height).
  useEffect(() => {
    if (pair !== undefined) sectionRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [pair])
  if (!first) return null
  return (
    <section ref={sectionRef} className="wb-section" aria-label="Cell diff">
      <h2 className="wb-heading">
        {second
          ? `${describe(first)} ↔ ${describe(second)}`
          : `${describe(first)}: pick a second cell to diff`}
      </h2>
      {[first, second].map(
        (cell) =>
          cell && (
            <div key={`${cell.caseId}-${cell.targetId}`}>
              <ul className="wb-list wb-reasons">
                {cell.error && <li>{cell.error}</li>}
                {cell.graders.map((g, i) => (
                  <li key={i} className={g.passed ? 'wb-pass-text' : 'wb-fail-text'}>
                    {g.passed ? '✓' : '✗'} {graderVerdictLine(g)}
                  </li>
                ))}
              </ul>
              <CellReviewForm cell={cell} />
            </div>
          ),
      )}
      <pre className="wb-diff">
        {second
          ? diff.map((line, i) => (
              <div key={i} className={`wb-diff-${line.kind}`}>
                {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                {line.text}
              </div>
            ))
          : first.output}
      </pre>
    </section>
  )
}
