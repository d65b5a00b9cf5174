import { Button } from '@renderer/components/Button'
import { downloadTextFile } from '@renderer/features/history/download-text-file'
import { invoke } from '@renderer/lib/invoke'
import { useAppStore } from '@renderer/store'

const MIME = { json: 'application/json', junit: 'application/xml', html: 'text/html' } as const

/**
 * The shown run, once saved and ended, as JSON or the HTML report (each with the comparison, if
 * any) or JUnit XML.
 */
export function RunExportButtons(): React.JSX.Element {
  const runs = useAppStore((state) => state.wbSavedRuns)
  const shown = useAppStore((state) => state.wbRun)
  const previous = useAppStore((state) => state.wbPrevious)
  const notify = useAppStore((state) => state.notify)
  const canExport = shown !== null && shown.status !== 'running' && runs.some((r) => r.id === shown.id)
  const exportRun = async (format: keyof typeof MIME): Promise<void> => {
    if (!shown) return
    try {
      const file = await invoke('eval:export', {
        runId: shown.id,
        format,
        ...(format !== 'junit' && previous ? { previousRunId: previous.id } : {}),
      })
      downloadTextFile(file.fileName, file.text, MIME[format])
    } catch (error) {
      notify('error', `Could not export the run: ${(error as Error).message}`)
    }
  }
  return (
    <>
      <Button size="sm" disabled={!canExport} onClick={() => void exportRun('json')}>
        Export JSON
      </Button>
      <Button size="sm" disabled={!canExport} onClick={() => void exportRun('junit')}>
        Export JUnit
      </Button>
      <Button size="sm" disabled={!canExport} onClick={() => void exportRun('html')}>
        Export HTML
      </Button>
    </>
  )
}
