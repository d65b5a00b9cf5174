import { describe, expect, it } from 'vitest'
import { buildCatalog } from './build-catalog'
import {
  catalogModelEnvelopeSchema,
  catalogModelListSchema,
  catalogModelSchema,
  type CatalogModel,
} from './catalog-schema'

// Drift cases poke at arbitrary paths of plain JSON: typing each path would only obscure them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseRecord = Record<string, any>

/** A deep copy of a built record, changed by `mutate` (records are plain JSON). */
function drifted(mutate: (record: LooseRecord) => void): unknown {
  const record = structuredClone(buildCatalog()[1]) as LooseRecord
  mutate(record)
  return record
}

function issuesOf(value: unknown): Array<{ path: string; code: string }> {
  const result = catalogModelSchema.safeParse(value)
  if (result.success) return []
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code }))
}

describe('catalogModelSchema', () => {
  it('accepts both built records and both wrappers', () => {
    const catalog: CatalogModel[] = buildCatalog()
    for (const record of catalog) {
      expect(issuesOf(record)).toEqual([])
      expect(catalogModelEnvelopeSchema.safeParse({ model: record }).success).toBe(true)
    }
    expect(catalogModelListSchema.safeParse({ models: catalog }).success).toBe(true)
    expect(catalogModelListSchema.safeParse({ models: [] }).success).toBe(true)
  })

  // Each case: how a hosted catalog could drift, and where the schema must report it.
  const driftCases: Array<[string, (record: LooseRecord) => void, { path: string; code: string }]> = [
    // Missing fields, at every level.
    [
      'a missing top-level field',
      (r) => delete r.token_factory,
      { path: 'token_factory', code: 'invalid_type' },
    ],
    [
      'a missing display_config field',
      (r) => delete r.display_config.badge_tone,
      { path: 'display_config.badge_tone', code: 'invalid_value' },
    ],
    [
      'a missing provider flag',
      (r) => delete r.provider_pricing[0].ocr,
      { path: 'provider_pricing.0.ocr', code: 'invalid_type' },
    ],
    [
      'a missing access note',
      (r) => delete r.token_factory.access.note,
      { path: 'token_factory.access.note', code: 'invalid_type' },
    ],
    [
      'a missing item unit',
      (r) => delete r.token_factory.pricing.items[1].unit,
      { path: 'token_factory.pricing.items.1.unit', code: 'invalid_type' },
    ],
    // Extra fields, at every level.
    ['an extra top-level field', (r) => (r.max_output = 8192), { path: '', code: 'unrecognized_keys' }],
    [
      'an extra pricing field',
      (r) => (r.pricing.input_cache_write = '1e-7'),
      { path: 'pricing', code: 'unrecognized_keys' },
    ],
    [
      'an extra provider field',
      (r) => (r.provider_pricing[0].audio = false),
      { path: 'provider_pricing.0', code: 'unrecognized_keys' },
    ],
    [
      'an extra api_key field',
      (r) => (r.token_factory.access.api_key.hint = 'sk-…'),
      { path: 'token_factory.access.api_key', code: 'unrecognized_keys' },
    ],
    [
      'an extra quickstart field',
      (r) => (r.token_factory.access.quickstarts[1].lang = 'sh'),
      { path: 'token_factory.access.quickstarts.1', code: 'unrecognized_keys' },
    ],
    [
      'an extra appearance field',
      (r) => (r.token_factory.appearance.color = 'red'),
      { path: 'token_factory.appearance', code: 'unrecognized_keys' },
    ],
    // Wrong types.
    [
      'a context length as a string',
      (r) => (r.context_length = '262144'),
      { path: 'context_length', code: 'invalid_type' },
    ],
    [
      'a fractional context length',
      (r) => (r.context_length = 1.5),
      { path: 'context_length', code: 'invalid_type' },
    ],
    ['free as a string', (r) => (r.free = 'false'), { path: 'free', code: 'invalid_type' }],
    ['a sort order as a string', (r) => (r.sort_order = '2'), { path: 'sort_order', code: 'invalid_type' }],
    [
      'a price as a number',
      (r) => (r.pricing.prompt = 1.5e-7),
      { path: 'pricing.prompt', code: 'invalid_type' },
    ],
    [
      'providers as a string',
      (r) => (r.providers = 'Example Cloud'),
      { path: 'providers', code: 'invalid_type' },
    ],
    [
      'a provider flag as a string',
      (r) => (r.provider_pricing[0].vision = 'true'),
      { path: 'provider_pricing.0.vision', code: 'invalid_type' },
    ],
    [
      'muted as null',
      (r) => (r.token_factory.appearance.muted = null),
      { path: 'token_factory.appearance.muted', code: 'invalid_type' },
    ],
    // Values the app relies on.
    [
      'a price that is not a number',
      (r) => (r.pricing.completion = 'free'),
      { path: 'pricing.completion', code: 'custom' },
    ],
    [
      'a negative price',
      (r) => (r.provider_pricing[0].pricing.prompt = '-1e-7'),
      { path: 'provider_pricing.0.pricing.prompt', code: 'custom' },
    ],
    [
      'points with an exponent',
      (r) => (r.token_factory.pricing.items[0].amount = '1.5e-1'),
      { path: 'token_factory.pricing.items.0.amount', code: 'invalid_format' },
    ],
    [
      'an item value that disagrees with its amount',
      (r) => (r.token_factory.pricing.items[0].value = '0.2 pts / 1M tokens'),
      { path: 'token_factory.pricing.items.0.value', code: 'custom' },
    ],
    [
      'a usage item missing',
      (r) => r.token_factory.pricing.items.pop(),
      { path: 'token_factory.pricing.items', code: 'custom' },
    ],
    [
      'an unknown capability',
      (r) => (r.display_config.capability_key = 'audio'),
      { path: 'display_config.capability_key', code: 'invalid_value' },
    ],
    [
      'an unknown badge tone',
      (r) => (r.token_factory.badge.tone = 'paid'),
      { path: 'token_factory.badge.tone', code: 'invalid_value' },
    ],
    [
      'an unknown display status',
      (r) => (r.display_status = 'paid'),
      { path: 'display_status', code: 'invalid_value' },
    ],
    [
      'a mark of two letters',
      (r) => (r.display_config.publisher_mark = 'VB'),
      { path: 'display_config.publisher_mark', code: 'invalid_format' },
    ],
    ['an id that is not source:model', (r) => (r.id = 'model_gateway:other'), { path: 'id', code: 'custom' }],
    [
      'a key value in the catalog',
      (r) => (r.token_factory.access.api_key.value = 'sk-live-123'),
      { path: 'token_factory.access.api_key.value', code: 'invalid_value' },
    ],
    [
      'a non-http sign-in link',
      (r) => (r.token_factory.access.api_key.empty_url = 'javascript:alert(1)'),
      { path: 'token_factory.access.api_key.empty_url', code: 'invalid_format' },
    ],
    [
      'an action appearing',
      (r) => r.display_config.actions.push({ label: 'Try' }),
      { path: 'display_config.actions', code: 'too_big' },
    ],
  ]

  it.each(driftCases)('reports %s', (_, mutate, expected) => {
    expect(issuesOf(drifted(mutate))).toContainEqual(expected)
  })

  it('names the unknown key itself', () => {
    const result = catalogModelSchema.safeParse(drifted((r) => (r.display_config.theme = 'dark')))
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['theme'] })
  })

  it('rejects unknown keys in the wrappers too', () => {
    const [record] = buildCatalog()
    expect(catalogModelEnvelopeSchema.safeParse({ model: record, etag: 'x' }).success).toBe(false)
    expect(catalogModelListSchema.safeParse({ models: [record], next: null }).success).toBe(false)
    expect(catalogModelEnvelopeSchema.safeParse(record).success).toBe(false)
  })
})
