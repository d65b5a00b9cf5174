import type { CatalogAccess as CatalogAccessRecord } from '@shared/catalog'
import type { KeyStatusView } from '@shared/ipc/contract'
import { CopyButton } from '@renderer/components/CopyButton'
import { ExternalLink } from '@renderer/components/ExternalLink'
import { maskedKey, storageShortLabel } from '@renderer/features/settings/key-status-text'
import { LocalKeyActions } from '@renderer/features/settings/LocalKeyActions'

/**
 * How to call the model: base URL and model with copy buttons, and the API key. The record never
 * carries a key (its value is empty and masked); the profile's key status says whether the user has
 * one, and then only its last four characters are shown. Without a key: the record's sign-in link.
 * A replay profile needs no key (its replies come from its cassette folder), and says so instead.
 */
export function CatalogAccess({
  access,
  keyStatus,
  localProfile,
  replayFolder,
  onLinkError,
}: {
  access: CatalogAccessRecord
  keyStatus: KeyStatusView | undefined
  /** The active profile is the local gateway, whose key (and only whose) the user may copy. */
  localProfile: boolean
  /** The active profile replays the cassettes in this folder. */
  replayFolder?: string
  onLinkError?: (message: string) => void
}): React.JSX.Element {
  const { base_url: baseUrl, model, api_key: apiKey } = access
  return (
    <section className="catalog-section" aria-label="Access">
      <dl className="catalog-access">
        <CopyableRow label={baseUrl.label} value={baseUrl.value} copyable={baseUrl.copyable} />
        <CopyableRow label={model.label} value={model.value} copyable={model.copyable} />
        <div className="catalog-access-row">
          <dt>{apiKey.label}</dt>
          <dd>
            {replayFolder !== undefined ? (
              <span>No key needed: this profile replays the recordings in {replayFolder}</span>
            ) : keyStatus?.hasKey ? (
              <span
                className="catalog-key-masked"
                title={`The profile's key, kept in ${storageShortLabel(keyStatus.storage)}`}
              >
                {maskedKey(keyStatus)}
              </span>
            ) : (
              <ExternalLink href={apiKey.empty_url} onError={onLinkError}>
                {apiKey.empty_label}
              </ExternalLink>
            )}
          </dd>
          {localProfile && <LocalKeyActions />}
        </div>
      </dl>
    </section>
  )
}

function CopyableRow({
  label,
  value,
  copyable,
}: {
  label: string
  value: string
  copyable: boolean
}): React.JSX.Element {
  return (
    <div className="catalog-access-row">
      <dt>{label}</dt>
      <dd>
        {/* Shown whole (wrapped): it is what the user is about to copy and should be able to check. */}
        <span className="catalog-access-value">{value}</span>
        {copyable && <CopyButton text={value} ariaLabel={`Copy ${label}`} />}
      </dd>
    </div>
  )
}
