import { createHash, type Hash } from 'node:crypto'
import type { CacheTtl, ChatRequest, DialectId } from '@shared/chat/chat-request'
import { forEachCountedPromptSegment } from './estimate-prompt-tokens'
import type { PromptSegment } from '@shared/tokens/prompt-segments'
import type { PromptCacheUsage } from './simulation-types'

/** The most prefixes the cache remembers; the least recently used goes first (a few MB at most). */
const PROMPT_CACHE_MAX_ENTRIES = 10_000
/** Shorter prefixes are not cached, as on the real services (Messages' and OpenAI's minimum). */
export const MIN_CACHED_PROMPT_TOKENS = 1024
/** Chat Completions caches in steps of this many tokens past the minimum. */
export const CHAT_CACHE_STEP_TOKENS = 128
/** How far before a breakpoint Messages looks for an earlier cached prefix (the API's 20 blocks). */
const MESSAGES_LOOKBACK_SEGMENTS = 20
const TTL_MS: Record<CacheTtl, number> = { '5m': 5 * 60_000, '1h': 60 * 60_000 }

type Entry = { expiresAt: number; ttlMs: number }
type Walked = { segment: PromptSegment; endTokens: number }

/**
 * The simulator's prompt cache, as the real services cache (docs/gateway.md "Prompt caching"): per
 * model (the gateway has one key, so per key too) and dialect, in memory only (a restart clears it),
 * keyed by a SHA-256 digest of the exact prompt up to a point.
 * - Messages caches the prompt up to each `cache_control` breakpoint: a request reads the longest
 *   prefix cached at or up to 20 segments before one of its breakpoints, and writes the prompt up to
 *   its last breakpoint beyond that; the entry lives 5 minutes (or 1 hour) after its last use.
 * - Chat Completions caches every prompt of 1,024 tokens or more by itself, at message boundaries: a
 *   request reads the longest cached prefix, rounded down to a multiple of 128 tokens, and reports no
 *   writes (OpenAI does not); `prompt_cache_key` keeps a separate cache for requests that share it.
 * Deterministic for a given sequence of requests and times (`now` is passed in).
 */
export type PromptCache = {
  use(request: ChatRequest, dialect: DialectId, now: number): PromptCacheUsage
  readonly size: number
}

export function createPromptCache(maxEntries = PROMPT_CACHE_MAX_ENTRIES): PromptCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>()
  const touch = (key: string, entry: Entry, now: number): void => {
    entries.delete(key)
    entries.set(key, { ...entry, expiresAt: now + entry.ttlMs })
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
  }
  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt > now) return entry
    entries.delete(key)
    return undefined
  }
  const store = { touch, live }
  return {
    use(request, dialect, now) {
      const walked = walkPrompt(request)
      const namespace = `${dialect}\u0000${request.model}\u0000${dialect === 'openai-chat' ? (request.promptCacheKey ?? '') : ''}`
      return dialect === 'anthropic-messages'
        ? useBreakpoints(walked, namespace, now, store)
        : useAutomatic(walked, namespace, now, store)
    },
    get size() {
      return entries.size
    },
  }
}

type Store = {
  touch(key: string, entry: Entry, now: number): void
  live(key: string, now: number): Entry | undefined
}

function walkPrompt(request: ChatRequest): Walked[] {
  const walked: Walked[] = []
  let tokens = 0
  forEachCountedPromptSegment(request, (segment) => {
    tokens += segment.tokens
    walked.push({ segment, endTokens: tokens })
  })
  return walked
}

/** The digest of the prompt up to the end of each segment `wanted` says, in one pass of one hash. */
function prefixDigests(
  walked: Walked[],
  namespace: string,
  wanted: (index: number) => boolean,
): Map<number, string> {
  const digests = new Map<number, string>()
  const hash: Hash = createHash('sha256').update(namespace)
  walked.forEach(({ segment }, index) => {
    // The separator keeps "ab" + "c" apart from "a" + "bc".
    hash.update(segment.content()).update('\u0002')
    if (wanted(index)) digests.set(index, hash.copy().digest('base64'))
  })
  return digests
}

function useBreakpoints(walked: Walked[], namespace: string, now: number, store: Store): PromptCacheUsage {
  const breakpoints: number[] = []
  walked.forEach(({ segment }, index) => {
    if (segment.cache !== undefined) breakpoints.push(index)
  })
  const last = breakpoints[breakpoints.length - 1]
  if (last === undefined) return { readTokens: 0, writeTokens: 0 }
  const lookback = new Set<number>()
  for (const b of breakpoints)
    for (let i = Math.max(0, b - MESSAGES_LOOKBACK_SEGMENTS); i <= b; i++) lookback.add(i)
  const digests = prefixDigests(walked.slice(0, last + 1), namespace, (index) => lookback.has(index))

  let read = 0
  let hit: { key: string; entry: Entry } | undefined
  for (const index of [...lookback].sort((a, b) => b - a)) {
    const key = digests.get(index) as string
    const entry = store.live(key, now)
    if (entry !== undefined) {
      read = (walked[index] as Walked).endTokens
      hit = { key, entry }
      break
    }
  }
  if (hit !== undefined) store.touch(hit.key, hit.entry, now)
  const lastTokens = (walked[last] as Walked).endTokens
  if (lastTokens < MIN_CACHED_PROMPT_TOKENS || lastTokens <= read) return { readTokens: read, writeTokens: 0 }
  for (const b of breakpoints) {
    const { segment, endTokens } = walked[b] as Walked
    if (endTokens < MIN_CACHED_PROMPT_TOKENS || endTokens <= read) continue
    const ttlMs = TTL_MS[segment.cache?.ttl ?? '5m']
    store.touch(digests.get(b) as string, { expiresAt: now + ttlMs, ttlMs }, now)
  }
  return { readTokens: read, writeTokens: lastTokens - read }
}

function useAutomatic(walked: Walked[], namespace: string, now: number, store: Store): PromptCacheUsage {
  // A prefix ends before a message opens, or at the end of the prompt.
  const boundary = (index: number): boolean =>
    (walked[index] as Walked).endTokens >= MIN_CACHED_PROMPT_TOKENS &&
    (index === walked.length - 1 || walked[index + 1]?.segment.opensMessage === true)
  const digests = prefixDigests(walked, namespace, boundary)
  let read = 0
  const ends = [...digests.keys()].sort((a, b) => b - a)
  for (const index of ends) {
    const key = digests.get(index) as string
    const entry = store.live(key, now)
    if (entry === undefined) continue
    const tokens = (walked[index] as Walked).endTokens
    read = Math.floor(tokens / CHAT_CACHE_STEP_TOKENS) * CHAT_CACHE_STEP_TOKENS
    break
  }
  const ttlMs = TTL_MS['5m']
  // Oldest first, so the longest prefix is the most recently used.
  for (const index of ends.reverse())
    store.touch(digests.get(index) as string, { expiresAt: now, ttlMs }, now)
  return { readTokens: read }
}
