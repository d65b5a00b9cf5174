import { useState } from 'react'
import { keyExportLine } from '@shared/curl'
import { Button } from '@renderer/components/Button'
import { invoke } from '@renderer/lib/invoke'
import './local-key-actions.css'

/**
 * Gets the LOCAL gateway's key out of the app, in both shells, so a quickstart or a generated command
 * runs from a terminal: "Copy export line" writes `export MODEL_GATEWAY_API_KEY='sk-local-…'`, and
 * (in Settings) "Show key" displays it. Only the local key: main's `secrets:local-key` takes no
 * profile id, so nothing here can reveal a hosted profile's key. The key is fetched on each click and
 * kept in component state only while shown, never in the store.
 */
export function LocalKeyActions({ canShow = false }: { canShow?: boolean }): React.JSX.Element {
  const [shown, setShown] = useState<string>()
  const [status, setStatus] = useState<string>()

  const copy = async (): Promise<void> => {
    try {
      const { key } = await invoke('secrets:local-key', undefined)
      await navigator.clipboard.writeText(keyExportLine(key))
      setStatus('Copied. Paste it in your shell before the command.')
    } catch (error) {
      setStatus(`Could not copy the key: ${(error as Error).message}`)
    }
  }
  const toggle = async (): Promise<void> => {
    if (shown !== undefined) return setShown(undefined)
    try {
      setShown((await invoke('secrets:local-key', undefined)).key)
    } catch (error) {
      setStatus(`Could not read the key: ${(error as Error).message}`)
    }
  }

  return (
    <div className="local-key-actions">
      <div className="local-key-buttons">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void copy()}
          title="Copies export MODEL_GATEWAY_API_KEY=… for the local gateway"
        >
          Copy key export
        </Button>
        {canShow && (
          <Button size="sm" variant="ghost" aria-expanded={shown !== undefined} onClick={() => void toggle()}>
            {shown === undefined ? 'Show key' : 'Hide key'}
          </Button>
        )}
      </div>
      {shown !== undefined && (
        <code className="local-key-value" aria-label="Local gateway key">
          {shown}
        </code>
      )}
      {status && (
        <p className="local-key-status" role="status">
          {status}
        </p>
      )}
    </div>
  )
}
