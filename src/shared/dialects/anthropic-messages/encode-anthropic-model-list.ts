import { invalidParamError } from '../../chat/errors'
import type { ModelListEntry, QueryReader } from '../dialect'

export type AnthropicModel = { type: 'model'; id: string; display_name: string; created_at: string }

export type AnthropicModelList = {
  data: AnthropicModel[]
  has_more: boolean
  first_id: string | null
  last_id: string | null
}

/** `limit`'s default and range on `GET /v1/models` (the API's own). */
const DEFAULT_PAGE_SIZE = 20
const MAX_PAGE_SIZE = 1000

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

/**
 * `GET /models` in the Messages shape, paged as the API pages it: `limit` (1–1000, default 20) models
 * after `after_id` or before `before_id` (not both), `has_more` when the list goes on in that
 * direction, and the page's `first_id` and `last_id` to ask for the next one. An id the list does not
 * hold gives an empty page.
 */
export function encodeAnthropicModelList(models: ModelListEntry[], query: QueryReader): AnthropicModelList {
  const limit = pageSize(query('limit'))
  const afterId = query('after_id')
  const beforeId = query('before_id')
  if (afterId !== undefined && beforeId !== undefined) {
    throw invalidParamError('before_id', 'cannot be used together with after_id.')
  }
  const all = models.map(encodeAnthropicModel)
  let data: AnthropicModel[]
  let hasMore: boolean
  if (beforeId !== undefined) {
    const end = all.findIndex((model) => model.id === beforeId)
    const start = Math.max(0, end - limit)
    data = end === -1 ? [] : all.slice(start, end)
    hasMore = end !== -1 && start > 0
  } else {
    const start = afterId === undefined ? 0 : all.findIndex((model) => model.id === afterId) + 1
    data = start === 0 && afterId !== undefined ? [] : all.slice(start, start + limit)
    hasMore = data.length > 0 && start + limit < all.length
  }
  return {
    data,
    has_more: hasMore,
    first_id: data[0]?.id ?? null,
    last_id: data[data.length - 1]?.id ?? null,
  }
}

function pageSize(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE
  const limit = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw invalidParamError(
      'limit',
      `must be an integer from 1 to ${MAX_PAGE_SIZE}; got ${JSON.stringify(raw)}.`,
    )
  }
  return limit
}
