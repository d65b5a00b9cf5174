import type { CatalogModel } from '../../shared/catalog'
import type { ServedModel } from '../engines/engine'

/** The gateway's view of a catalog record: what it needs to validate and route a request. */
export function servedModelFromCatalog(record: CatalogModel): ServedModel {
  return {
    name: record.model,
    contextLength: record.context_length,
    vision: record.display_config.capability_key === 'vision',
    capabilityLabel: record.display_config.capability_label,
  }
}
