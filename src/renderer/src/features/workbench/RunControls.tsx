import { useEffect } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { formatEta } from './workbench-format'

/** Run / Stop / Resume, the progress bar with its ETA, and why a run could not start. */
export function RunControls(): React.JSX.Element {
  const run = useAppStore((state) => state.wbRun)
  const error = useAppStore((state) => state.wbError)
  // Why Run is disabled, said beside it: a greyed-out button alone leaves a new user guessing.
  const missing = useAppStore((state) =>
    state.wbDraft.cases.length === 0
      ? 'Add a case (or import CSV/JSONL) to run.'
      : state.wbTargets.length === 0
        ? 'Add a target to run.'
        : null,
  )
  const canRun = missing === null
  const start = useAppStore((state) => state.startEvaluation)
  const stop = useAppStore((state) => state.stopEvaluation)
  const resume = useAppStore((state) => state.resumeEvaluation)
  const reattach = useAppStore((state) => state.reattachEvaluation)
  // A run main is still going with (the window was reloaded) is shown again, progress and all.
  useEffect(() => {
    void reattach()
  }, [reattach])
  const concurrency = useAppStore((state) => state.wbConcurrency)
  const setConcurrency = useAppStore((state) => state.setConcurrency)
  const running = run?.status === 'running'
  const fraction = run && run.total > 0 ? run.done / run.total : 0
  return (
    <section className="wb-section wb-run" aria-label="Run">
      <div className="wb-row">
        <Button variant="primary" disabled={running || !canRun} onClick={() => void start()}>
          Run
        </Button>
        <Button disabled={!running} onClick={() => void stop()}>
          Stop
        </Button>
        <Button disabled={run?.status !== 'stopped'} onClick={() => void resume()}>
          Resume
        </Button>
        <label className="wb-label wb-inline">
          At once
          <input
            className="text-input wb-number"
            type="number"
            min={1}
            max={16}
            value={concurrency}
            onChange={(event) => setConcurrency(Number(event.target.value) || 1)}
          />
        </label>
        {!run && missing && <span className="field-hint">{missing}</span>}
        {run && (
          <span className="wb-run-status" aria-live="polite" data-status={run.status}>
            {run.done}/{run.total} · {run.passed} passed · {run.failed} failed · {run.status}{' '}
            {running ? formatEta(run.etaMs) : ''}
          </span>
        )}
      </div>
      {run && <progress className="wb-progress" aria-label="Evaluation progress" max={1} value={fraction} />}
      {(error ?? run?.error) && (
        <div className="field-error" role="alert">
          {error ?? run?.error}
        </div>
      )}
    </section>
  )
}
