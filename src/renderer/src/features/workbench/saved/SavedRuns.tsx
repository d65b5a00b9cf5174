import { useEffect } from 'react'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { EvalRunSummary } from '@shared/ipc/eval-schemas'
import { RunExportButtons } from './RunExportButtons'
import { SetFileButtons } from './SetFileButtons'

/** Saved runs: re-open one, compare the shown run with an earlier one, export JSON or JUnit XML. */
export function SavedRuns(): React.JSX.Element {
  const runs = useAppStore((state) => state.wbSavedRuns)
  const shown = useAppStore((state) => state.wbRun)
  const previous = useAppStore((state) => state.wbPrevious)
  const sets = useAppStore((state) => state.wbSavedSets)
  const load = useAppStore((state) => state.loadSavedRuns)
  const loadSets = useAppStore((state) => state.loadSavedSets)
  const openRun = useAppStore((state) => state.openSavedRun)
  const compare = useAppStore((state) => state.comparePrevious)
  const openSet = useAppStore((state) => state.openSet)
  useEffect(() => {
    void load()
    void loadSets()
  }, [load, loadSets])
  return (
    <section className="wb-section" aria-label="Saved runs and sets">
      <div className="wb-row">
        <SetFileButtons />
        <SelectField
          label="Open saved set"
          hideLabel
          inline
          value=""
          onChange={(id) => void openSet(id)}
          options={[
            { value: '', label: 'Open set…' },
            ...sets.map((s) => ({ value: s.id, label: `${s.name} (${s.cases} cases)` })),
          ]}
        />
        <SelectField
          label="Open saved run"
          hideLabel
          inline
          value=""
          onChange={(id) => void openRun(id)}
          options={[
            { value: '', label: 'Open run…' },
            ...runs.map((r) => ({ value: r.id, label: `${runLabel(r)} · ${r.status}` })),
          ]}
        />
        <SelectField
          label="Compare with run"
          hideLabel
          inline
          value={previous?.id ?? ''}
          onChange={(id) => void compare(id === '' ? null : id)}
          options={[
            { value: '', label: 'Compare with…' },
            ...runs.filter((r) => r.id !== shown?.id).map((r) => ({ value: r.id, label: runLabel(r) })),
          ]}
        />
        <RunExportButtons />
      </div>
    </section>
  )
}

/** A saved run as the open and compare lists name it: set, time started, score. */
function runLabel(run: EvalRunSummary): string {
  return `${run.setName} · ${new Date(run.startedAt).toLocaleTimeString()} · ${run.passed}/${run.total}`
}
