import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef } from 'react'
import { useAppStore } from '@renderer/store'
import { cellKey } from '@shared/eval/run/eval-run-types'
import {
  regressionKeys,
  rowCells,
  visibleCaseIds,
  type GridFilter,
} from '@renderer/features/workbench/workbench-selectors'
import { CellView } from './CellView'
import type { WorkbenchRun } from '@renderer/features/workbench/state/workbench-state'

const ROW_HEIGHT = 88
/** The grid's scroll area at most; fewer rows (Failed only) take only their own height. */
const MAX_GRID_HEIGHT = 380

/**
 * Cases × targets, virtualised: only the rows in view are in the DOM, so 500 cases × 4 targets
 * filling at one store update per gathering of progress events (eval-progress-events.ts) stay
 * responsive.
 */
export function ResultsGrid(props: {
  filter: GridFilter
  selected: string[]
  onSelect: (key: string) => void
}): React.JSX.Element | null {
  const run = useAppStore((state) => state.wbRun)
  const previous = useAppStore((state) => state.wbPrevious)
  const scrollRef = useRef<HTMLDivElement>(null)
  const caseIds = useMemo(() => (run ? visibleCaseIds(run, props.filter) : []), [run, props.filter])
  const regressions = useMemo(
    () => (run ? regressionKeys(run, previous) : new Set<string>()),
    [run, previous],
  )
  // The virtualizer's functions change identity on every render by design; this component re-renders
  // once per frame at most while a run fills the grid.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: caseIds.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  })
  if (run === null) return null
  const columns = `minmax(90px, 140px) repeat(${run.targets.length}, minmax(160px, 1fr))`
  return (
    <section className="wb-section" aria-label="Results">
      <GridHead run={run} columns={columns} />
      <div
        ref={scrollRef}
        className="wb-grid-scroll"
        role="grid"
        aria-label="Results grid"
        aria-rowcount={caseIds.length}
        style={{ height: Math.min(MAX_GRID_HEIGHT, Math.max(1, caseIds.length) * ROW_HEIGHT + 2) }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const caseId = caseIds[item.index] as string
            const cells = rowCells(run, caseId)
            return (
              <div
                key={caseId}
                role="row"
                aria-label={`Case ${caseId}`}
                className="wb-grid-row"
                style={{
                  gridTemplateColumns: columns,
                  transform: `translateY(${item.start}px)`,
                  height: ROW_HEIGHT,
                }}
              >
                <div role="rowheader" className="wb-case-id" title={caseId}>
                  {caseId}
                </div>
                {run.targets.map((target, index) => {
                  const key = cellKey(caseId, target.id)
                  return (
                    <div role="gridcell" key={target.id} aria-label={`${caseId} × ${target.id}`}>
                      <CellView
                        cellKey={key}
                        cell={cells[index]}
                        regressed={regressions.has(key)}
                        selected={props.selected.includes(key)}
                        onSelect={props.onSelect}
                      />
                    </div>
                  )
                })}
              </div>
            )
          })}
        </div>
      </div>
    </section>
  )
}

/** The column headers: one per target, with its parameter preset. */
function GridHead({ run, columns }: { run: WorkbenchRun; columns: string }): React.JSX.Element {
  return (
    <div className="wb-grid-head" style={{ gridTemplateColumns: columns }} role="row">
      <div role="columnheader">Case</div>
      {run.targets.map((target) => (
        <div key={target.id} role="columnheader" title={target.id}>
          {target.dialect} · {target.model}
          {target.params?.temperature === undefined ? '' : ` · t=${target.params.temperature}`}
          {target.params?.maxTokens === undefined ? '' : ` · max ${target.params.maxTokens}`}
        </div>
      ))}
    </div>
  )
}
