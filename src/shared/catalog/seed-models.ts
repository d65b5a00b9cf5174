import type { PublisherKey } from './catalog-settings'
import type { BadgeTone, CapabilityKey, DisplayStatus } from './catalog-vocabulary'

/**
 * Everything that differs between two catalog records, once. The builder derives the rest (labels,
 * display_config, token_factory, provider_pricing, points, quickstarts) from this and the settings.
 */
export type SeedModelDefinition = {
  /** The model name: request `model` field, label, external id, and (with the source) the record id. */
  name: string
  publisher: PublisherKey
  capability: CapabilityKey
  /** Maximum context in tokens (spec §8). */
  contextLength: number
  sortOrder: number
  displayStatus: DisplayStatus
  badge: BadgeTone
  /** USD per token, exactly the strings the spec publishes (§2.2); points are derived from them. */
  pricing: { prompt: string; completion: string; inputCacheRead: string }
}

export const VISION_MODEL: SeedModelDefinition = {
  name: 'vendora-V4-Flash-Vision-Exp',
  publisher: 'vendora',
  capability: 'vision',
  contextLength: 1048576,
  sortOrder: 0,
  displayStatus: 'limited_free',
  badge: 'limited',
  pricing: { prompt: '1.4e-7', completion: '2.8e-7', inputCacheRead: '2.8e-9' },
}

export const TEXT_MODEL: SeedModelDefinition = {
  name: 'vendorb3.8-Flash-Next',
  publisher: 'vendorb',
  capability: 'text',
  contextLength: 262144,
  sortOrder: 2,
  displayStatus: 'free_endpoint',
  badge: 'free',
  // `4.6999999999999995e-7` is the spec's string (a float artifact upstream); kept digit for digit.
  pricing: { prompt: '1.5e-7', completion: '4.6999999999999995e-7', inputCacheRead: '1.6e-8' },
}

/** In catalog order (by sort order). */
export const SEED_MODELS: readonly SeedModelDefinition[] = [VISION_MODEL, TEXT_MODEL]
