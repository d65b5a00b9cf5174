import type { CatalogModel } from '@shared/catalog'
import { GatewayError } from '@shared/chat/errors'
import type { Dialect } from '@shared/dialects/dialect'
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

/** The 404 for a model the catalog does not have, worded as each dialect's real API words it. */
export function modelNotFound(dialect: Dialect, name: string): GatewayError {
  return new GatewayError(
    'model_not_found',
    dialect.id === 'anthropic-messages'
      ? `model: ${name}`
      : `The model \`${name}\` does not exist or you do not have access to it.`,
    { param: 'model' },
  )
}
