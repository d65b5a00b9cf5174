import { useCallback, useMemo, useState } from 'react'
import { useAppStore } from '@renderer/store'
import { compareRuns } from '@shared/eval/run/compare-runs'
import { CasesEditor } from './cases/CasesEditor'
import { CellDiff } from './results/CellDiff'
import { GradersEditor } from './GradersEditor'
import { PromptEditor } from './PromptEditor'
import { ResultsGrid } from './results/ResultsGrid'
import { RunCharts } from './charts/RunCharts'
import { RunControls } from './RunControls'
import { SavedRuns } from './saved/SavedRuns'
import { TargetsEditor } from './targets/TargetsEditor'
import { TotalsTable } from './results/TotalsTable'
import { VariablesForm } from './VariablesForm'
import { sameSet, type GridFilter } from './workbench-selectors'
import './workbench.css'

/** How the shown run differs from the one it is compared with. */
function ComparisonSummary(): React.JSX.Element | null {
  const run = useAppStore((state) => state.wbRun)
  const previous = useAppStore((state) => state.wbPrevious)
  const comparison = useMemo(
    () => (run && previous ? compareRuns(previous, { cells: Object.values(run.cells) }) : null),
    [run, previous],
  )
  if (comparison === null || previous === null || run === null) return null
  const when = new Date(previous.startedAt).toLocaleTimeString()
  const common = comparison.regressions.length + comparison.fixes.length + comparison.unchanged
  if (!sameSet(run, previous) || common === 0) {
    return (
      <p className="wb-comparison" aria-label="Comparison with the previous run">
        Nothing to compare: the run of {when} is of set “{previous.setName}”
        {sameSet(run, previous)
          ? ' and has no case × target in common with this one'
          : `, this one of “${run.setName}”`}
        .
      </p>
    )
  }
  return (
    <p className="wb-comparison" aria-label="Comparison with the previous run">
      Compared with the run of {when}:{' '}
      <strong className={comparison.regressions.length > 0 ? 'wb-fail-text' : undefined}>
        {comparison.regressions.length} regressions
      </strong>
      , {comparison.fixes.length} fixes, {comparison.unchanged} unchanged
    </p>
  )
}

/**
 * The workbench: a prompt with `{{variables}}`, a test set, graders and targets on the left; the run,
 * its grid (cases × targets), totals, a diff of two cells and saved runs on the right.
 */
export function WorkbenchView(): React.JSX.Element {
  const [filter, setFilter] = useState<GridFilter>({ failedOnly: false, differsOnly: false })
  const [selected, setSelected] = useState<string[]>([])
  // Stable, so the grid's memoised cells re-render only when their own cell changes.
  const select = useCallback(
    (key: string): void =>
      setSelected((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key].slice(-2))),
    [],
  )
  return (
    <div className="workbench">
      <div className="wb-editor">
        <PromptEditor />
        <VariablesForm />
        <CasesEditor />
        <GradersEditor />
        <TargetsEditor />
      </div>
      <div className="wb-results">
        <RunControls />
        <SavedRuns />
        <ComparisonSummary />
        <div className="wb-row" role="group" aria-label="Filters">
          <label>
            <input
              type="checkbox"
              checked={filter.failedOnly}
              onChange={(event) => setFilter({ ...filter, failedOnly: event.target.checked })}
            />{' '}
            Failed only
          </label>
          <label>
            <input
              type="checkbox"
              checked={filter.differsOnly}
              onChange={(event) => setFilter({ ...filter, differsOnly: event.target.checked })}
            />{' '}
            Differs between targets
          </label>
        </div>
        <ResultsGrid filter={filter} selected={selected} onSelect={select} />
        {/* Right under the grid, where the cells were picked (below the totals it was off-screen). */}
        <CellDiff keys={selected} />
        <TotalsTable />
        <RunCharts />
      </div>
    </div>
  )
}
