/**
 * The fixed words of a catalog record (gateway spec §2), written once. The seed definitions say which
 * entry a model uses (`capability: 'vision'`); the builder looks the words up here, so a label never
 * appears twice in the code and the schema's enums come from the same lists.
 */

export const CATALOG_SOURCE = 'model_gateway'
export const CATALOG_FAMILY = 'custom'
export const CATALOG_STABILITY = 'experimental'
export const CATALOG_STATUS = 'online'
export const TOKEN_FACTORY_SECTION = 'public_free'
export const ACCESS_KIND = 'shared_api'

/** Same list, same order, for both models (spec §2.1). */
export const SUPPORTED_PARAMETERS = [
  'temperature',
  'max_tokens',
  'top_p',
  'stream',
  'response_format',
  'tools',
  'tool_choice',
] as const

export const CATALOG_TAGS = ['API', 'OpenAI compatible'] as const

export const CAPABILITY_KEYS = ['vision', 'text'] as const
export type CapabilityKey = (typeof CAPABILITY_KEYS)[number]
export const CAPABILITY_LABELS: Record<CapabilityKey, string> = {
  vision: 'VLM (Vision)',
  text: 'LLM (Text)',
}

const LIMITED_FREE_LABEL = 'Limited Free'
const FREE_LABEL = 'Free'

export const BADGE_TONES = ['limited', 'free'] as const
export type BadgeTone = (typeof BADGE_TONES)[number]
export const BADGE_LABELS: Record<BadgeTone, string> = {
  limited: LIMITED_FREE_LABEL,
  free: FREE_LABEL,
}

export const DISPLAY_STATUSES = ['limited_free', 'free_endpoint'] as const
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number]
export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  limited_free: LIMITED_FREE_LABEL,
  free_endpoint: FREE_LABEL,
}

/**
 * Last entry of `detail_meta` for EVERY model. Quirk of the spec (§2.3): the text model lists
 * `Limited Free` here too although its badge and status say `Free`. Kept as published, not "fixed".
 */
export const DETAIL_META_AVAILABILITY_LABEL = LIMITED_FREE_LABEL

export const ACCESS_FIELD_LABELS = {
  baseUrl: 'Base URL',
  model: 'Model',
  apiKey: 'API Key',
  quickstart: 'Quickstart (curl)',
} as const

export const QUICKSTART_LABELS = {
  openai: 'OpenAI (curl)',
  anthropic: 'Anthropic (curl)',
} as const

/** Shown where the key would be: the catalog never carries a key (spec §5). */
export const API_KEY_EMPTY_LABEL = 'Sign in to get an API key'

/** Query parameter of `api_key.empty_url` telling the sign-in page where to send the user back. */
export const LOGIN_RETURN_PARAM = 'return_to'

export const USAGE_REFERENCE_TITLE = 'Usage reference'
export const USAGE_REFERENCE_NOTE = 'Free to use. Points show relative usage and are not a charge.'
export const POINTS_UNIT = 'pts / 1M tokens'
export const SOURCE_PRICE_UNIT = 'USD / 1M tokens'

export const USAGE_ITEM_KEYS = ['input', 'output', 'cache_read'] as const
export type UsageItemKey = (typeof USAGE_ITEM_KEYS)[number]
export const USAGE_ITEM_LABELS: Record<UsageItemKey, string> = {
  input: 'Input',
  output: 'Output',
  cache_read: 'Cache read',
}
