import { useRef, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { ConfirmButton } from '@renderer/components/ConfirmButton'
import { TextField } from '@renderer/components/TextField'
import type { KeyStatusView } from '@shared/ipc/contract'
import type { Profile } from '@shared/settings/settings-schema'
import { useAppStore } from '@renderer/store'
import { maskedKey, storageSentence } from './key-status-text'
import { apiKeyProblem } from '@shared/settings/api-key'
import { LocalKeyActions } from './LocalKeyActions'

/**
 * A profile's key: where it is kept, its last four characters, and enter / replace / remove. The
 * password field is uncontrolled on purpose: a controlled input would copy the key into React state
 * and into the `value` attribute (and so into the page's HTML). It is read once on submit, cleared at
 * once, and handed to main; only the returned status is kept.
 */
export function ProfileKey({
  profile,
  status,
}: {
  profile: Profile
  status: KeyStatusView | undefined
}): React.JSX.Element {
  if (profile.kind === 'local') return <LocalProfileKey status={status} />
  if (profile.kind === 'replay') {
    return <p className="settings-muted">No key needed: replies come from the cassettes, on this machine.</p>
  }
  return <RemoteProfileKey profile={profile} status={status} />
}

/** The local gateway's key: the app made it; it can be copied (or shown) for a terminal. */
function LocalProfileKey({ status }: { status: KeyStatusView | undefined }): React.JSX.Element {
  return (
    <div className="settings-key">
      <KeyStatusLine status={status} />
      <p className="settings-muted">
        Key managed by the app: generated for the local gateway, which listens on this machine only. Copy it
        to run the quickstarts and generated commands from a terminal.
      </p>
      <LocalKeyActions canShow />
    </div>
  )
}

function RemoteProfileKey({
  profile,
  status,
}: {
  profile: Profile
  status: KeyStatusView | undefined
}): React.JSX.Element {
  const inputRef = useRef<HTMLInputElement>(null)
  const { error, busy, saved, submit, remove } = useKeyForm(profile, inputRef)
  return (
    <div className="settings-key">
      <KeyStatusLine status={status} />
      <form
        className="settings-key-form"
        aria-label={`API key of ${profile.name}`}
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          ref={inputRef}
          label={status?.hasKey ? 'New API key' : 'API key'}
          type="password"
          autoComplete="off"
          spellCheck={false}
          error={error}
          className="settings-key-field"
          placeholder={status?.hasKey ? 'Paste a key to replace the current one' : 'Paste the key'}
        />
        <div className="settings-key-actions">
          <Button type="submit" size="sm" variant="primary" disabled={busy}>
            {status?.hasKey ? 'Replace key' : 'Save key'}
          </Button>
          {status?.hasKey && (
            <ConfirmButton
              label="Remove key"
              question={`Remove the key of ${profile.name}?`}
              confirmLabel="Yes, remove"
              variant="danger"
              onConfirm={remove}
            />
          )}
        </div>
      </form>
      {saved && (
        <p className="settings-key-saved" role="status">
          {saved}
        </p>
      )}
    </div>
  )
}

/** Saving the key typed in `inputRef` (read once, cleared at once) and removing the stored one. */
function useKeyForm(
  profile: Profile,
  inputRef: React.RefObject<HTMLInputElement | null>,
): {
  error: string | undefined
  busy: boolean
  saved: string | undefined
  submit(event: React.FormEvent): Promise<void>
  remove(): Promise<void>
} {
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState<string>()

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault()
    const input = inputRef.current
    if (!input) return
    const key = input.value.trim()
    input.value = ''
    setSaved(undefined)
    // Checked here too so the user hears at once; main checks again (the channel's schema).
    const problem = apiKeyProblem(key)
    if (problem !== undefined) {
      setError(problem)
      input.focus()
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const next = await useAppStore.getState().setKey(profile.id, key)
      setSaved(`Saved. ${storageSentence(next.storage)}.`)
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const remove = async (): Promise<void> => {
    setSaved(undefined)
    try {
      await useAppStore.getState().deleteKey(profile.id)
      setError(undefined)
    } catch (failure) {
      setError((failure as Error).message)
    }
  }

  return { error, busy, saved, submit, remove }
}

/** "Stored in the system keychain · •••• 3f9a", or "Kept for this session only" and why. */
function KeyStatusLine({ status }: { status: KeyStatusView | undefined }): React.JSX.Element {
  if (!status) return <p className="settings-muted">Reading the key status…</p>
  const reason = status.storage === 'session' ? status.reason : undefined
  return (
    <div className="settings-key-status" data-testid="key-storage">
      {status.hasKey ? (
        <p>
          <span className="settings-key-storage">{storageSentence(status.storage)}</span>
          <span className="settings-key-mask">{maskedKey(status)}</span>
        </p>
      ) : (
        <p className="settings-muted">
          No key yet.
          {status.storage === 'session' && ' A key entered now will be kept for this session only.'}
        </p>
      )}
      {reason && <p className="settings-key-reason">{reason}</p>}
    </div>
  )
}
