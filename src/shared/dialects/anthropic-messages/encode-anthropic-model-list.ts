import type { ModelListEntry } from '../dialect'

export type AnthropicModel = { type: 'model'; id: string; display_name: string; created_at: string }

export type AnthropicModelList = {
  data: AnthropicModel[]
  has_more: false
  first_id: string | null
  last_id: string | null
}

/** One model in the Messages shape (`GET /models/{id}`, and each entry of the list). */
export function encodeAnthropicModel(model: ModelListEntry): AnthropicModel {
  return {
    type: 'model',
    id: model.id,
    display_name: model.displayName,
    // The API writes whole seconds (`2025-02-19T00:00:00Z`); keep milliseconds only when they exist.
    created_at: model.createdAt.toISOString().replace('.000Z', 'Z'),
  }
}

/** `GET /models` in the Messages shape: one page holding every model, RFC 3339 creation dates. */
export function encodeAnthropicModelList(models: ModelListEntry[]): AnthropicModelList {
  const data = models.map(encodeAnthropicModel)
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data[data.length - 1]?.id ?? null }
}
