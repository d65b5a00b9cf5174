import type { CatalogModel } from '@shared/catalog'
import { exactContextLength, formatContextLength } from './format-context-length'

/** A card's facts as the record states them: capability, status, context length, tags and details. */
export function CatalogFacts({ model }: { model: CatalogModel }): React.JSX.Element {
  const card = model.token_factory
  return (
    <>
      <dl className="catalog-facts">
        <div>
          <dt>Capability</dt>
          <dd>{card.capability.label}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{card.status.label}</dd>
        </div>
        <div>
          <dt>Context</dt>
          <dd title={exactContextLength(model.context_length)}>
            {formatContextLength(model.context_length)}
          </dd>
        </div>
      </dl>

      <ul className="catalog-tags" aria-label="Tags">
        {card.tags.map((tag) => (
          <li key={tag} className="catalog-tag">
            {tag}
          </li>
        ))}
      </ul>
      <ul className="catalog-meta" aria-label="Details">
        {card.detail_meta.map((entry, index) => (
          <li key={`${index}-${entry}`}>{entry}</li>
        ))}
      </ul>
    </>
  )
}
