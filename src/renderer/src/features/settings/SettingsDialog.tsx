import { useState } from 'react'
import { Button } from '@renderer/components/Button'
import { Dialog } from '@renderer/components/Dialog'
import { useAppStore } from '@renderer/store'
import { ThemeSelect } from '@renderer/features/app/ThemeSelect'
import { ProfileForm } from './ProfileForm'
import { ProfileItem } from './ProfileItem'
import { ReplayProfileForm } from './ReplayProfileForm'
import './settings.css'

/** Settings: appearance and the profiles with their keys. */
export function SettingsDialog(): React.JSX.Element {
  const profiles = useAppStore((state) => state.profiles)
  const close = (): void => useAppStore.getState().setSettingsOpen(false)
  const [adding, setAdding] = useState<'remote' | 'replay'>()

  return (
    <Dialog title="Settings" onClose={close} width="lg">
      <section className="settings-section" aria-labelledby="settings-appearance">
        <h3 id="settings-appearance" className="settings-heading">
          Appearance
        </h3>
        <ThemeSelect inline={false} />
      </section>

      <section className="settings-section" aria-labelledby="settings-profiles">
        <div className="settings-section-head">
          <h3 id="settings-profiles" className="settings-heading">
            Profiles
          </h3>
          {!adding && (
            <div className="settings-profile-actions">
              <Button size="sm" variant="ghost" onClick={() => setAdding('replay')}>
                Add replay profile
              </Button>
              <Button size="sm" variant="primary" onClick={() => setAdding('remote')}>
                Add profile
              </Button>
            </div>
          )}
        </div>
        <p className="settings-muted">
          Where requests go. Keys stay in the main process (the system keychain when there is one); this
          window only ever sees their last four characters.
        </p>
        {adding && (
          <div className="settings-profile settings-profile-new">
            {adding === 'remote' ? (
              <ProfileForm onDone={() => setAdding(undefined)} />
            ) : (
              <ReplayProfileForm onDone={() => setAdding(undefined)} />
            )}
          </div>
        )}
        <ul className="settings-profiles">
          {profiles.map((profile) => (
            <ProfileItem key={profile.id} profile={profile} />
          ))}
        </ul>
      </section>
    </Dialog>
  )
}
