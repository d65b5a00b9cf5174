import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { keyHeaderLabel } from './key-status-text'
import { selectActiveKeyStatus, selectActiveProfile } from './profiles-selectors'
import './settings.css'

/**
 * The active profile's key in the header: "Key •••• 3f9a · keychain", or "… · this session only" with
 * the plain-language reason one click away, or "No key" with the way to add one. A fingerprint of
 * which key is active, never the key.
 */
export function KeyStatusIndicator(): React.JSX.Element | null {
  const status = useAppStore(selectActiveKeyStatus)
  // A replay profile has no key to show: its replies come from cassettes on this machine.
  const replays = useAppStore((state) => selectActiveProfile(state)?.kind === 'replay')
  const openSettings = useAppStore((state) => state.setSettingsOpen)
  const [showReason, setShowReason] = useState(false)
  const reasonId = useId()
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!showReason) return
    // A click anywhere else closes the explanation, like any popover.
    const closeOutside = (event: MouseEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setShowReason(false)
    }
    document.addEventListener('mousedown', closeOutside)
    return () => document.removeEventListener('mousedown', closeOutside)
  }, [showReason])

  if (!status || replays) return null
  // Why a key is session-only matters once there is a key; without one, Settings explains it.
  const reason = status.hasKey && status.storage === 'session' ? status.reason : undefined
  return (
    <div className="key-indicator" ref={rootRef}>
      <span
        className={`key-indicator-text ${status.hasKey ? '' : 'key-indicator-missing'}`}
        title={reason}
        data-testid="key-status"
      >
        {keyHeaderLabel(status)}
      </span>
      {reason && (
        <>
          <button
            type="button"
            className="key-indicator-why"
            aria-expanded={showReason}
            aria-controls={reasonId}
            onClick={() => setShowReason((shown) => !shown)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setShowReason(false)
            }}
          >
            Why?
          </button>
          <div id={reasonId} role="note" className="key-indicator-reason" hidden={!showReason}>
            {reason}
          </div>
        </>
      )}
      {!status.hasKey && (
        <Button size="sm" onClick={() => openSettings(true)}>
          Add key
        </Button>
      )}
    </div>
  )
}
