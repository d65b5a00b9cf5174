import { useEffect } from 'react'
import { Button } from '@renderer/components/Button'
import { SelectField } from '@renderer/components/SelectField'
import { downloadTextFile } from '@renderer/features/history/download-text-file'
import { invoke } from '@renderer/lib/invoke'
import { useAppStore } from '@renderer/store'
import { serializeTestSet } from '@shared/eval/test-set-file'
import type { EvalRunSummary } from '@shared/ipc/eval-schemas'
import { draftToSet } from './workbench-set'

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
  const saveSet = useAppStore((state) => state.saveSet)
  const openSet = useAppStore((state) => state.openSet)
  const notify = useAppStore((state) => state.notify)
  const openSetFile = useAppStore((state) => state.openSetFile)
  useEffect(() => {
    void load()
    void loadSets()
  }, [load, loadSets])
  const canExport = shown !== null && shown.status !== 'running' && runs.some((r) => r.id === shown.id)
  const exportRun = async (format: 'json' | 'junit'): Promise<void> => {
    if (!shown) return
    try {
      const file = await invoke('eval:export', {
        runId: shown.id,
        format,
        ...(format === 'json' && previous ? { previousRunId: previous.id } : {}),
      })
      downloadTextFile(file.fileName, file.text, format === 'json' ? 'application/json' : 'application/xml')
    } catch (error) {
      notify('error', `Could not export the run: ${(error as Error).message}`)
    }
  }
  return (
    <section className="wb-section" aria-label="Saved runs and sets">
      <div className="wb-row">
        <Button size="sm" onClick={() => void saveSet()}>
          Save set
        </Button>
        <Button
          size="sm"
          onClick={() => {
            const draft = useAppStore.getState().wbDraft
            downloadTextFile(
              `${draft.name.replace(/[^A-Za-z0-9_-]+/g, '-') || 'set'}.eval.yaml`,
              serializeTestSet(draftToSet(draft), 'yaml'),
              'application/yaml',
            )
          }}
        >
          Download set file
        </Button>
        <label className="btn btn-secondary btn-sm">
          Open set file…
          <input
            type="file"
            accept=".json,.yaml,.yml"
            className="visually-hidden"
            aria-label="Open set file"
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (!file) return
              void file
                .text()
                .then((text) => openSetFile(text, file.name))
                .catch((error: unknown) => notify('error', (error as Error).message))
            }}
          />
        </label>
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
        <Button size="sm" disabled={!canExport} onClick={() => void exportRun('json')}>
          Export JSON
        </Button>
        <Button size="sm" disabled={!canExport} onClick={() => void exportRun('junit')}>
          Export JUnit
        </Button>
      </div>
    </section>
  )
}

/** A saved run as the open and compare lists name it: set, time started, score. */
function runLabel(run: EvalRunSummary): string {
  return `${run.setName} · ${new Date(run.startedAt).toLocaleTimeString()} · ${run.passed}/${run.total}`
}
