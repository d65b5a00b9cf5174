import type { CacheBreakpoint } from '../../chat/chat-request'
import type { AnthropicCacheControl } from './anthropic-request-types'

/** A canonical cache breakpoint as Messages' `cache_control` (the TTL only when one was chosen). */
function anthropicCacheControl(cache: CacheBreakpoint): AnthropicCacheControl {
  return cache.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: cache.ttl }
}

/** `cache_control` as read from a request (null means none) → the canonical breakpoint, or undefined. */
export function cacheBreakpointFrom(
  control: { ttl?: '5m' | '1h' | undefined } | null | undefined,
): CacheBreakpoint | undefined {
  if (control == null) return undefined
  return control.ttl === undefined ? {} : { ttl: control.ttl }
}

/** `{ cache_control }` to spread into a block, or nothing when it has no breakpoint. */
export function withCacheControl(cache: CacheBreakpoint | undefined): {
  cache_control?: AnthropicCacheControl
} {
  return cache === undefined ? {} : { cache_control: anthropicCacheControl(cache) }
}
