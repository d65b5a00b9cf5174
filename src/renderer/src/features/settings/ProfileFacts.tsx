import { Truncate } from '@renderer/components/Truncate'
import { insecureBaseUrlWarning } from '@shared/settings/profile-origin'
import type { Profile } from '@shared/settings/settings-schema'

/** Where a profile points: its base URL (and whether it is sent in the clear), login URL, catalog. */
export function ProfileFacts({ profile }: { profile: Profile }): React.JSX.Element {
  const insecure = insecureBaseUrlWarning(profile.baseUrl)
  return (
    <dl className="settings-profile-facts">
      <div>
        <dt>Base URL</dt>
        <dd>
          <Truncate text={profile.baseUrl} className="settings-mono" />
          {insecure && profile.kind === 'remote' && <p className="settings-warning">{insecure}</p>}
        </dd>
      </div>
      {profile.loginUrl && (
        <div>
          <dt>Login URL</dt>
          <dd>
            <Truncate text={profile.loginUrl} className="settings-mono" />
          </dd>
        </div>
      )}
      {profile.recordTo && (
        <div>
          <dt>Records cassettes to</dt>
          <dd>
            <Truncate text={profile.recordTo} className="settings-mono" />
          </dd>
        </div>
      )}
      {profile.replay && (
        <div>
          <dt>Replays</dt>
          <dd>
            <Truncate text={profile.replay.folder} className="settings-mono" />{' '}
            {profile.replay.speed === 'instant' ? '(instant)' : '(1×, the recorded pace)'}
          </dd>
        </div>
      )}
      <div>
        <dt>Catalog</dt>
        <dd>{profile.catalogSource === 'gateway' ? "The gateway's catalog" : 'Bundled catalog'}</dd>
      </div>
    </dl>
  )
}
