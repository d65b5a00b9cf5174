import { z } from 'zod'
import { BADGE_TONES, CAPABILITY_KEYS, DISPLAY_STATUSES, USAGE_ITEM_KEYS } from './catalog-vocabulary'
import { isDecimalString } from './decimal'

/**
 * The catalog record of the gateway spec (§2.1–2.7), strictly: unknown keys are rejected at every
 * level. The app validates catalogs fetched from a hosted gateway with it, and a field appearing,
 * vanishing or changing type is drift we want to report, not silently ignore.
 *
 * What is pinned beyond types: the vocabularies the UI branches on (capability, badge tone, status,
 * usage item keys), number formats of prices and points, and the relations the spec spells out
 * (`id` = `<source>:<model>`, item `value` = `<amount> <unit>`). Display texts stay free strings.
 */

/** USD per token, as the spec writes it: a decimal string, usually in scientific notation (`1.4e-7`). */
const priceStringSchema = z
  .string()
  .refine(
    (text) => isDecimalString(text) && !text.startsWith('-'),
    'Must be a non-negative decimal number string.',
  )

/** Points: plain positional decimals as formatted for display (`0.46999999999999995`), no exponent. */
const plainDecimalSchema = z
  .string()
  .regex(/^(0|[1-9]\d*)(\.\d*[1-9])?$/, 'Must be a plain decimal without exponent or trailing zeros.')

const httpUrlSchema = z.url({ protocol: /^https?$/ })

/** `actions` are always empty in the spec and their element shape is not shown: any entry is drift. */
const emptyActionsSchema = z.array(z.unknown()).max(0, 'Actions are not part of the catalog spec yet.')

const capabilityKeySchema = z.enum(CAPABILITY_KEYS)
const badgeToneSchema = z.enum(BADGE_TONES)
const displayStatusSchema = z.enum(DISPLAY_STATUSES)

/** One letter, the initial of the publisher. */
const publisherMarkSchema = z.string().regex(/^\p{L}$/u, 'Must be exactly one letter.')

const catalogPricingSchema = z.strictObject({
  prompt: priceStringSchema,
  completion: priceStringSchema,
  input_cache_read: priceStringSchema,
})

const catalogDisplayConfigSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  publisher: z.string(),
  publisher_mark: publisherMarkSchema,
  capability_key: capabilityKeySchema,
  capability_label: z.string(),
  badge_label: z.string(),
  badge_tone: badgeToneSchema,
  tags: z.array(z.string()),
  detail_meta: z.array(z.string()),
  base_url_label: z.string(),
  model_label: z.string(),
  api_key_label: z.string(),
  quickstart_label: z.string(),
  access_note: z.string(),
  actions: emptyActionsSchema,
})

const catalogProviderPricingSchema = z.strictObject({
  providerId: z.string().min(1),
  externalId: z.string().min(1),
  pricing: catalogPricingSchema,
  streaming: z.boolean(),
  vision: z.boolean(),
  cancellation: z.boolean(),
  tools: z.boolean(),
  parallelToolCalls: z.boolean(),
  reasoning: z.boolean(),
  stability: z.string(),
  ocr: z.boolean(),
})

const catalogUsageItemSchema = z
  .strictObject({
    key: z.enum(USAGE_ITEM_KEYS),
    label: z.string(),
    amount: plainDecimalSchema,
    unit: z.string(),
    value: z.string(),
  })
  .refine((item) => item.value === `${item.amount} ${item.unit}`, {
    message: 'Must be the amount, a space, then the unit.',
    path: ['value'],
  })

/** `token_factory.pricing`: the usage reference in points per 1M tokens (spec §2.6). */
const catalogUsageReferenceSchema = z
  .strictObject({
    title: z.string(),
    note: z.string(),
    unit: z.string(),
    source_unit: z.string(),
    items: z.array(catalogUsageItemSchema),
  })
  // Points per reply need every rate (points.ts); a duplicate key would make the rate ambiguous.
  .refine(
    (reference) =>
      reference.items.length === USAGE_ITEM_KEYS.length &&
      USAGE_ITEM_KEYS.every((key) => reference.items.some((item) => item.key === key)),
    { message: `Must list ${USAGE_ITEM_KEYS.join(', ')} once each.`, path: ['items'] },
  )

const catalogCopyableFieldSchema = z.strictObject({
  label: z.string(),
  value: z.string(),
  copyable: z.boolean(),
})

const catalogApiKeyFieldSchema = z.strictObject({
  label: z.string(),
  // The catalog never carries a key (spec §5): a non-empty value is a leak, not drift to tolerate.
  value: z.literal(''),
  copyable: z.boolean(),
  masked: z.boolean(),
  empty_label: z.string(),
  empty_url: httpUrlSchema,
})

const catalogAccessSchema = z.strictObject({
  kind: z.string(),
  base_url: catalogCopyableFieldSchema,
  model: catalogCopyableFieldSchema,
  api_key: catalogApiKeyFieldSchema,
  quickstart: catalogCopyableFieldSchema,
  quickstarts: z.array(catalogCopyableFieldSchema),
  note: z.string(),
  actions: emptyActionsSchema,
})

const catalogTokenFactorySchema = z.strictObject({
  section: z.string(),
  source: z.string(),
  name: z.string(),
  model: z.string(),
  description: z.string(),
  publisher: z.strictObject({ name: z.string(), mark: publisherMarkSchema }),
  badge: z.strictObject({ label: z.string(), tone: badgeToneSchema }),
  providers: z.array(z.strictObject({ name: z.string() })),
  capability: z.strictObject({ key: capabilityKeySchema, label: z.string() }),
  status: z.strictObject({ key: displayStatusSchema, label: z.string() }),
  appearance: z.strictObject({ muted: z.boolean() }),
  tags: z.array(z.string()),
  detail_meta: z.array(z.string()),
  pricing: catalogUsageReferenceSchema,
  access: catalogAccessSchema,
})

export const catalogModelSchema = z
  .strictObject({
    id: z.string(),
    source: z.string(),
    label: z.string(),
    model: z.string().min(1),
    description: z.string(),
    family: z.string(),
    providers: z.array(z.string()),
    sort_order: z.number().int(),
    pricing: catalogPricingSchema,
    quickstart_template: z.string(),
    display_config: catalogDisplayConfigSchema,
    provider_pricing: z.array(catalogProviderPricingSchema),
    context_length: z.number().int().positive(),
    supported_parameters: z.array(z.string()),
    free: z.boolean(),
    stability: z.string(),
    enabled: z.boolean(),
    display_status: displayStatusSchema,
    status: z.string(),
    token_factory: catalogTokenFactorySchema,
  })
  .refine((record) => record.id === `${record.source}:${record.model}`, {
    message: 'Must be the source, a colon, then the model name.',
    path: ['id'],
  })

/** The spec's record shape: `{ "model": { … } }`. */
export const catalogModelEnvelopeSchema = z.strictObject({ model: catalogModelSchema })
/** A list of records: `{ "models": [ … ] }`. */
export const catalogModelListSchema = z.strictObject({ models: z.array(catalogModelSchema) })

export type CatalogPricing = z.infer<typeof catalogPricingSchema>
export type CatalogDisplayConfig = z.infer<typeof catalogDisplayConfigSchema>
export type CatalogProviderPricing = z.infer<typeof catalogProviderPricingSchema>
export type CatalogUsageReference = z.infer<typeof catalogUsageReferenceSchema>
export type CatalogCopyableField = z.infer<typeof catalogCopyableFieldSchema>
export type CatalogAccess = z.infer<typeof catalogAccessSchema>
export type CatalogTokenFactory = z.infer<typeof catalogTokenFactorySchema>
export type CatalogModel = z.infer<typeof catalogModelSchema>
