import { useCallback } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import {
  selectActiveKeyStatus,
  selectIsLocalProfile,
  selectReplayFolder,
} from '@renderer/features/settings/profiles-selectors'
import { CatalogCard } from './CatalogCard'
import { selectActiveCatalog, selectFocusedPaneModel } from './catalog-selectors'
import './catalog.css'

/** The Models tab: the active profile's catalog as cards, where it comes from, and a refresh. */
export function CatalogPanel(): React.JSX.Element {
  const profileId = useAppStore((state) => state.activeProfileId)
  const catalog = useAppStore(selectActiveCatalog)
  const keyStatus = useAppStore(selectActiveKeyStatus)
  const localProfile = useAppStore(selectIsLocalProfile)
  const replayFolder = useAppStore(selectReplayFolder)
  const focusedModel = useAppStore(selectFocusedPaneModel)
  // Blind mode: marking the focused pane's model would say which pane it is.
  const hidden = useAppStore(selectLabelsHidden)

  const pickModel = useCallback((model: string) => {
    const state = useAppStore.getState()
    state.setPaneTarget(state.focusedPaneId, { model })
  }, [])
  const reportLinkError = useCallback(
    (message: string) => useAppStore.getState().notify('error', `Could not open the link: ${message}`),
    [],
  )
  const refresh = (): void => void useAppStore.getState().loadCatalog(profileId, true)

  const loading = catalog === undefined || catalog.status === 'loading'
  const models = catalog?.models ?? []

  return (
    <div className="catalog-panel">
      <div className="catalog-toolbar">
        <CatalogSource source={catalog?.source} fetchedAt={catalog?.fetchedAt} loading={loading} />
        <Button size="sm" variant="ghost" onClick={refresh} disabled={loading} aria-label="Refresh catalog">
          ↻ Refresh
        </Button>
      </div>

      {catalog?.warning && (
        <div className="catalog-warning" role="note">
          <span aria-hidden="true">⚠ </span>
          {catalog.warning}
        </div>
      )}
      {catalog?.status === 'error' && (
        <div className="catalog-error" role="alert">
          <span>Could not load the models: {catalog.error}</span>
          <Button size="sm" onClick={refresh}>
            Retry
          </Button>
        </div>
      )}
      {loading && models.length === 0 && (
        <p className="catalog-empty" role="status">
          Loading models…
        </p>
      )}
      {catalog?.status === 'ready' && models.length === 0 && (
        <p className="catalog-empty">This profile&apos;s catalog lists no models.</p>
      )}

      <div className="catalog-cards">
        {models.map((model) => (
          <CatalogCard
            key={model.id}
            model={model}
            selected={!hidden && model.model === focusedModel}
            keyStatus={keyStatus}
            localProfile={localProfile}
            replayFolder={replayFolder}
            onUse={pickModel}
            onLinkError={reportLinkError}
          />
        ))}
      </div>
    </div>
  )
}

function CatalogSource({
  source,
  fetchedAt,
  loading,
}: {
  source: 'bundled' | 'gateway' | undefined
  fetchedAt: number | undefined
  loading: boolean
}): React.JSX.Element {
  if (loading) {
    return (
      <span className="catalog-source" role="status">
        Loading catalog…
      </span>
    )
  }
  if (source === 'gateway') {
    const time = fetchedAt === undefined ? '' : new Date(fetchedAt).toLocaleTimeString()
    return (
      <span className="catalog-source" title={time ? `Fetched at ${time}` : undefined}>
        From the gateway&apos;s catalog
      </span>
    )
  }
  return <span className="catalog-source">Bundled catalog</span>
}
