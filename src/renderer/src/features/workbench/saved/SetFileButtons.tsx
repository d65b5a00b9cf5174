import { Button } from '@renderer/components/Button'
import { downloadTextFile } from '@renderer/features/history/download-text-file'
import { useAppStore } from '@renderer/store'
import { serializeTestSet } from '@shared/eval/test-set-file'
import { draftToSet } from '@renderer/features/workbench/workbench-set'

/**
 * The draft as a set: a new empty one, saved in main, downloaded as a YAML file, or replaced by a file
 * from disk.
 */
export function SetFileButtons(): React.JSX.Element {
  const saveSet = useAppStore((state) => state.saveSet)
  const notify = useAppStore((state) => state.notify)
  const openSetFile = useAppStore((state) => state.openSetFile)
  const newSet = useAppStore((state) => state.newSet)
  return (
    <>
      <Button size="sm" onClick={newSet}>
        New set
      </Button>
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
    </>
  )
}
