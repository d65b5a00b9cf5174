import type { Usage } from '../chat/chat-result'
import type { CatalogUsageReference } from './catalog-schema'
import { POINTS_UNIT, USAGE_ITEM_KEYS, type UsageItemKey } from './catalog-vocabulary'
import {
  addDecimal,
  formatDecimal,
  multiplyDecimalByInteger,
  parseDecimal,
  shiftDecimal,
  DECIMAL_ZERO,
  type Decimal,
} from './decimal'

/** Points are the USD-per-token price per one million tokens (spec §2.6): a shift by six places. */
const TOKENS_PER_POINT_UNIT_EXPONENT = 6

/** `4.6999999999999995e-7` (USD per token) → `0.46999999999999995` (points per 1M tokens), exactly. */
export function pointsPerMillionTokens(usdPerToken: string): string {
  return formatDecimal(shiftDecimal(parseDecimal(usdPerToken), TOKENS_PER_POINT_UNIT_EXPONENT))
}

/** The item `value` of the usage reference: `0.14 pts / 1M tokens`. */
export function pointsValue(amount: string): string {
  return `${amount} ${POINTS_UNIT}`
}

/** Points per 1M tokens of each usage item, read from a record's `token_factory.pricing`. */
export function usageRates(
  usageReference: Pick<CatalogUsageReference, 'items'>,
): Record<UsageItemKey, Decimal> {
  const rates: Partial<Record<UsageItemKey, Decimal>> = {}
  for (const item of usageReference.items) rates[item.key] = parseDecimal(item.amount)
  const { input, output, cache_read } = rates
  if (input === undefined || output === undefined || cache_read === undefined) {
    throw new Error(`The usage reference must list ${USAGE_ITEM_KEYS.join(', ')}.`)
  }
  return { input, output, cache_read }
}

function tokenCount(name: string, count: number | undefined): number {
  const value = count ?? 0
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`)
  }
  return value
}

/**
 * Points for one reply, as an exact decimal string:
 * (uncached input × input + cache-read × cache_read + output × output) / 1,000,000.
 *
 * `usage.inputTokens` INCLUDES `cacheReadTokens` (canonical Usage), so the cached part is taken out of
 * the input count first. Cache writes have no rate in the spec: they stay in the input count and are
 * counted at the input rate. If a usage ever reports more cached than total input tokens, the uncached
 * part counts as zero rather than producing negative points.
 */
export function pointsForUsage(usage: Usage, usageReference: Pick<CatalogUsageReference, 'items'>): string {
  const rates = usageRates(usageReference)
  const inputTokens = tokenCount('inputTokens', usage.inputTokens)
  const cacheReadTokens = tokenCount('cacheReadTokens', usage.cacheReadTokens)
  const outputTokens = tokenCount('outputTokens', usage.outputTokens)
  const uncachedInputTokens = Math.max(0, inputTokens - cacheReadTokens)
  const perMillion = [
    multiplyDecimalByInteger(rates.input, uncachedInputTokens),
    multiplyDecimalByInteger(rates.cache_read, cacheReadTokens),
    multiplyDecimalByInteger(rates.output, outputTokens),
  ].reduce(addDecimal, DECIMAL_ZERO)
  return formatDecimal(shiftDecimal(perMillion, -TOKENS_PER_POINT_UNIT_EXPONENT))
}
