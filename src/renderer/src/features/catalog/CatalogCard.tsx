import { memo } from 'react'
import type { CatalogModel } from '@shared/catalog'
import type { KeyStatusView } from '@shared/ipc/contract'
import { Badge } from '@renderer/components/Badge'
import { Button } from '@renderer/components/Button'
import { Truncate } from '@renderer/components/Truncate'
import { CatalogAccess } from './CatalogAccess'
import { CatalogQuickstarts } from './CatalogQuickstarts'
import { CatalogUsageTable } from './CatalogUsageTable'
import { CatalogFacts } from './CatalogFacts'
import './catalog.css'

/**
 * One model as the spec's public presentation record (`token_factory`) shows it: every text comes
 * from the record, not from code, so a hosted gateway's wording appears as published.
 */
export const CatalogCard = memo(function CatalogCard({
  model,
  selected,
  keyStatus,
  localProfile,
  replayFolder,
  onUse,
  onLinkError,
}: {
  model: CatalogModel
  /** The focused pane uses this model. */
  selected: boolean
  /** The active profile's key status (the key is the profile's, not the model's). */
  keyStatus: KeyStatusView | undefined
  /** The active profile is the local gateway: its key can be copied for the quickstarts. */
  localProfile: boolean
  /** The active profile replays the cassettes in this folder: it needs no key. */
  replayFolder?: string
  onUse: (modelName: string) => void
  onLinkError?: (message: string) => void
}): React.JSX.Element {
  const card = model.token_factory
  return (
    <article aria-label={card.name} className={`catalog-card ${selected ? 'catalog-card-selected' : ''}`}>
      <header className="catalog-card-head">
        <span className="catalog-publisher-mark" aria-hidden="true" title={card.publisher.name}>
          {card.publisher.mark}
        </span>
        <Truncate text={card.publisher.name} className="catalog-card-publisher" />
        <Badge tone={card.badge.tone}>{card.badge.label}</Badge>
      </header>
      {/* The name is what users copy and compare: it wraps rather than hide its end. */}
      <h3 className="catalog-card-name">{card.name}</h3>

      <p className="catalog-card-description">{card.description}</p>

      <CatalogFacts model={model} />

      <div className="catalog-card-actions">
        <Button
          size="sm"
          variant={selected ? 'secondary' : 'primary'}
          aria-pressed={selected}
          onClick={() => onUse(card.model)}
        >
          Use model
        </Button>
        {selected && <span className="catalog-in-use">In the focused pane</span>}
      </div>

      <CatalogUsageTable pricing={card.pricing} />
      <CatalogAccess
        access={card.access}
        keyStatus={keyStatus}
        localProfile={localProfile}
        replayFolder={replayFolder}
        onLinkError={onLinkError}
      />
      <CatalogQuickstarts label={card.access.quickstart.label} quickstarts={card.access.quickstarts} />
    </article>
  )
})
