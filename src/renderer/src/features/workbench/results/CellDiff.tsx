import { useMemo } from 'react'
import { useAppStore } from '@renderer/store'
import type { CellResult } from '@shared/eval'
import { CellReviewForm } from './CellReviewForm'
import { diffLines } from './line-diff'

function describe(cell: CellResult): string {
  return `${cell.caseId} × ${cell.targetId} (${cell.passed ? 'pass' : 'fail'})`
}

/** The outputs of two chosen cells, line by line, with what each grader said and each one's review. */
export function CellDiff({ keys }: { keys: string[] }): React.JSX.Element | null {
  const cells = useAppStore((state) => state.wbRun?.cells)
  const [first, second] = keys.map((key) => cells?.[key])
  const diff = useMemo(() => (first && second ? diffLines(first.output, second.output) : []), [first, second])
  if (!first) return null
  return (
    <section className="wb-section" aria-label="Cell diff">
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
                    {g.passed ? '✓' : '✗'} {g.reason}
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
