import { useState } from 'react'
import { Badge } from '@renderer/components/Badge'
import { Button } from '@renderer/components/Button'
import { ConfirmButton } from '@renderer/components/ConfirmButton'
import { Truncate } from '@renderer/components/Truncate'
import { useActionError } from '@renderer/components/use-action-error'
import type { Profile } from '@shared/settings/settings-schema'
import { useAppStore } from '@renderer/store'
import { ProfileForm } from './ProfileForm'
import { ProfileKey } from './ProfileKey'
import { ProfileFacts } from './ProfileFacts'
import { ReplayProfileForm } from './ReplayProfileForm'

const KIND_LABELS: Record<Profile['kind'], string> = { local: 'Local', remote: 'Remote', replay: 'Replay' }

/** One profile in Settings: where it points, its key, and (for remote ones) edit and remove. */
export function ProfileItem({ profile }: { profile: Profile }): React.JSX.Element {
  const active = useAppStore((state) => state.activeProfileId === profile.id)
  const status = useAppStore((state) => state.keyStatus[profile.id])
  const [editing, setEditing] = useState(false)
  const { error, run } = useActionError()
  // Main removed the key on the last save (the base URL moved to another origin): said here, where
  // the user is, until the next edit.
  const [keyRemoved, setKeyRemoved] = useState<string>()
  const isLocal = profile.kind === 'local'

  return (
    <li className="settings-profile">
      <section aria-label={profile.name}>
        <div className="settings-profile-head">
          <Truncate as="strong" text={profile.name} className="settings-profile-name" />
          <Badge>{KIND_LABELS[profile.kind]}</Badge>
          {active && <Badge tone="accent">Active</Badge>}
          <div className="settings-profile-actions">
            {!active && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void run(() => useAppStore.getState().activateProfile(profile.id))}
              >
                Use this profile
              </Button>
            )}
            {!isLocal && !editing && (
              <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {!isLocal && (
              <ConfirmButton
                label="Remove"
                question={`Remove ${profile.name} and its key?`}
                confirmLabel="Yes, remove"
                onConfirm={() => run(() => useAppStore.getState().removeProfile(profile.id))}
              />
            )}
          </div>
        </div>

        {editing && profile.kind === 'replay' ? (
          <ReplayProfileForm profile={profile} onDone={() => setEditing(false)} />
        ) : editing ? (
          <ProfileForm
            profile={profile}
            onDone={(saved) => {
              setEditing(false)
              setKeyRemoved(saved?.keyRemovedNotice)
            }}
          />
        ) : (
          <ProfileFacts profile={profile} />
        )}

        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
        {keyRemoved && !editing && (
          <p className="settings-warning" role="status">
            {keyRemoved}
          </p>
        )}
        <ProfileKey profile={profile} status={status} />
      </section>
    </li>
  )
}
