import { useEffect } from 'react'
import { Button } from '@renderer/components/Button'
import { downloadTextFile } from '@renderer/features/history/download-text-file'
import { invoke } from '@renderer/lib/invoke'
import { useAppStore } from '@renderer/store'
import { serializeTestSet } from '@shared/eval'
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
              void file.text().then((text) => {
                try {
                  openSetFile(text, file.name)
                } catch (error) {
                  notify('error', (error as Error).message)
                }
              })
            }}
          />
        </label>
        <select
          className="select"
          aria-label="Open saved set"
          value=""
          onChange={(event) => void openSet(event.target.value)}
        >
          <option value="">Open set…</option>
          {sets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.cases} cases)
            </option>
          ))}
        </select>
        <select
          className="select"
          aria-label="Open saved run"
          value=""
          onChange={(event) => void openRun(event.target.value)}
        >
          <option value="">Open run…</option>
          {runs.map((r) => (
            <option key={r.id} value={r.id}>
              {r.setName} · {new Date(r.startedAt).toLocaleTimeString()} · {r.passed}/{r.total} · {r.status}
            </option>
          ))}
        </select>
        <select
          className="select"
          aria-label="Compare with run"
          value={previous?.id ?? ''}
          onChange={(event) => void compare(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">Compare with…</option>
          {runs
            .filter((r) => r.id !== shown?.id)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.setName} · {new Date(r.startedAt).toLocaleTimeString()} · {r.passed}/{r.total}
              </option>
            ))}
        </select>
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
