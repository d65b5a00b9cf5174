import type {
  CatalogAccess,
  CatalogDisplayConfig,
  CatalogModel,
  CatalogPricing,
  CatalogProviderPricing,
  CatalogTokenFactory,
  CatalogUsageReference,
} from './catalog-schema'
import { resolveCatalogSettings, type CatalogSettings, type CatalogSettingsInput } from './catalog-settings'
import { modelDescription, servedByDescription } from './catalog-texts'
import {
  ACCESS_FIELD_LABELS,
  ACCESS_KIND,
  API_KEY_EMPTY_LABEL,
  BADGE_LABELS,
  CAPABILITY_LABELS,
  CATALOG_FAMILY,
  CATALOG_SOURCE,
  CATALOG_STABILITY,
  CATALOG_STATUS,
  CATALOG_TAGS,
  DETAIL_META_AVAILABILITY_LABEL,
  DISPLAY_STATUS_LABELS,
  LOGIN_RETURN_PARAM,
  POINTS_UNIT,
  QUICKSTART_LABELS,
  SOURCE_PRICE_UNIT,
  SUPPORTED_PARAMETERS,
  TOKEN_FACTORY_SECTION,
  USAGE_ITEM_LABELS,
  USAGE_REFERENCE_NOTE,
  USAGE_REFERENCE_TITLE,
  type UsageItemKey,
} from './catalog-vocabulary'
import { pointsPerMillionTokens, pointsValue } from './points'
import { buildQuickstarts } from './quickstarts'
import { SEED_MODELS, type SeedModelDefinition } from './seed-models'

/**
 * `api_key.empty_url`: the sign-in page with a return address. The URL API does the encoding, so a
 * catalog page URL with its own query, fragment or non-ASCII path survives as one parameter value.
 * (Any query the login URL already has is re-serialized in form encoding by URLSearchParams.)
 */
export function loginUrlWithReturn(loginUrl: string, returnUrl: string): string {
  const url = new URL(loginUrl)
  url.searchParams.set(LOGIN_RETURN_PARAM, returnUrl)
  return url.href
}

function buildPricing(definition: SeedModelDefinition): CatalogPricing {
  const { prompt, completion, inputCacheRead } = definition.pricing
  return { prompt, completion, input_cache_read: inputCacheRead }
}

// Which USD price each usage item shows, in the spec's item order (§2.6).
const USAGE_ITEM_PRICE_FIELDS: ReadonlyArray<[UsageItemKey, keyof CatalogPricing]> = [
  ['input', 'prompt'],
  ['output', 'completion'],
  ['cache_read', 'input_cache_read'],
]

function buildUsageReference(pricing: CatalogPricing): CatalogUsageReference {
  return {
    title: USAGE_REFERENCE_TITLE,
    note: USAGE_REFERENCE_NOTE,
    unit: POINTS_UNIT,
    source_unit: SOURCE_PRICE_UNIT,
    items: USAGE_ITEM_PRICE_FIELDS.map(([key, priceField]) => {
      const amount = pointsPerMillionTokens(pricing[priceField])
      return { key, label: USAGE_ITEM_LABELS[key], amount, unit: POINTS_UNIT, value: pointsValue(amount) }
    }),
  }
}

function buildDisplayConfig(
  definition: SeedModelDefinition,
  settings: CatalogSettings,
): CatalogDisplayConfig {
  const publisher = settings.publishers[definition.publisher]
  const capabilityLabel = CAPABILITY_LABELS[definition.capability]
  return {
    name: definition.name,
    description: servedByDescription(definition.name, settings.providerName),
    publisher: publisher.name,
    publisher_mark: publisher.mark,
    capability_key: definition.capability,
    capability_label: capabilityLabel,
    badge_label: BADGE_LABELS[definition.badge],
    badge_tone: definition.badge,
    tags: [...CATALOG_TAGS],
    // Same availability word for every model (spec quirk, see DETAIL_META_AVAILABILITY_LABEL).
    detail_meta: [publisher.name, capabilityLabel, settings.providerName, DETAIL_META_AVAILABILITY_LABEL],
    base_url_label: ACCESS_FIELD_LABELS.baseUrl,
    model_label: ACCESS_FIELD_LABELS.model,
    api_key_label: ACCESS_FIELD_LABELS.apiKey,
    quickstart_label: ACCESS_FIELD_LABELS.quickstart,
    access_note: '',
    actions: [],
  }
}

/**
 * The provider's capability flags are the spec's (§2.4), identical for both models. Note `vision: true`
 * for the TEXT model as well: that is what the provider entry publishes, unlike `capability_key`.
 */
function buildProviderPricing(
  definition: SeedModelDefinition,
  settings: CatalogSettings,
  pricing: CatalogPricing,
): CatalogProviderPricing {
  return {
    providerId: settings.providerId,
    externalId: definition.name,
    pricing: { ...pricing },
    streaming: true,
    vision: true,
    cancellation: false,
    tools: true,
    parallelToolCalls: false,
    reasoning: true,
    stability: CATALOG_STABILITY,
    ocr: false,
  }
}

function buildAccess(definition: SeedModelDefinition, settings: CatalogSettings): CatalogAccess {
  const quickstarts = buildQuickstarts(definition.name, settings.baseUrl)
  return {
    kind: ACCESS_KIND,
    base_url: { label: ACCESS_FIELD_LABELS.baseUrl, value: settings.baseUrl, copyable: true },
    model: { label: ACCESS_FIELD_LABELS.model, value: definition.name, copyable: true },
    api_key: {
      label: ACCESS_FIELD_LABELS.apiKey,
      // The catalog never carries a key (spec §5): the user signs in to get one.
      value: '',
      copyable: false,
      masked: true,
      empty_label: API_KEY_EMPTY_LABEL,
      empty_url: loginUrlWithReturn(settings.loginUrl, settings.catalogPageUrl),
    },
    quickstart: { label: ACCESS_FIELD_LABELS.quickstart, value: quickstarts.openai, copyable: true },
    quickstarts: [
      { label: QUICKSTART_LABELS.openai, value: quickstarts.openai, copyable: true },
      { label: QUICKSTART_LABELS.anthropic, value: quickstarts.anthropic, copyable: true },
    ],
    note: '',
    actions: [],
  }
}

function buildTokenFactory(
  definition: SeedModelDefinition,
  settings: CatalogSettings,
  displayConfig: CatalogDisplayConfig,
  pricing: CatalogPricing,
): CatalogTokenFactory {
  return {
    section: TOKEN_FACTORY_SECTION,
    source: CATALOG_SOURCE,
    name: definition.name,
    model: definition.name,
    description: displayConfig.description,
    publisher: { name: displayConfig.publisher, mark: displayConfig.publisher_mark },
    badge: { label: displayConfig.badge_label, tone: displayConfig.badge_tone },
    providers: [{ name: settings.providerName }],
    capability: { key: displayConfig.capability_key, label: displayConfig.capability_label },
    status: { key: definition.displayStatus, label: DISPLAY_STATUS_LABELS[definition.displayStatus] },
    appearance: { muted: false },
    tags: [...displayConfig.tags],
    detail_meta: [...displayConfig.detail_meta],
    pricing: buildUsageReference(pricing),
    access: buildAccess(definition, settings),
  }
}

/**
 * One full catalog record (spec §2.1), keys in the spec's order so the JSON reads like the spec.
 * `settings` may be partial: it is resolved against the defaults (and validated) first.
 */
export function buildCatalogModel(
  definition: SeedModelDefinition,
  settingsInput: CatalogSettingsInput = {},
): CatalogModel {
  const settings = resolveCatalogSettings(settingsInput)
  const pricing = buildPricing(definition)
  const displayConfig = buildDisplayConfig(definition, settings)
  return {
    id: `${CATALOG_SOURCE}:${definition.name}`,
    source: CATALOG_SOURCE,
    label: definition.name,
    model: definition.name,
    description: modelDescription(definition.name),
    family: CATALOG_FAMILY,
    providers: [settings.providerName],
    sort_order: definition.sortOrder,
    pricing,
    quickstart_template: '',
    display_config: displayConfig,
    provider_pricing: [buildProviderPricing(definition, settings, pricing)],
    context_length: definition.contextLength,
    supported_parameters: [...SUPPORTED_PARAMETERS],
    // Spec §2.1: `free` is false for both models even though their status says free; kept as published.
    free: false,
    stability: CATALOG_STABILITY,
    enabled: true,
    display_status: definition.displayStatus,
    status: CATALOG_STATUS,
    token_factory: buildTokenFactory(definition, settings, displayConfig, pricing),
  }
}

/** Every seed model, ordered by `sort_order`; `settings` as in buildCatalogModel. */
export function buildCatalog(settingsInput: CatalogSettingsInput = {}): CatalogModel[] {
  const settings = resolveCatalogSettings(settingsInput)
  return [...SEED_MODELS]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((definition) => buildCatalogModel(definition, settings))
}
