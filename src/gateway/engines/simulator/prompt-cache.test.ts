import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { estimatePromptTokens } from './estimate-prompt-tokens'
import { CHAT_CACHE_STEP_TOKENS, createPromptCache, MIN_CACHED_PROMPT_TOKENS } from './prompt-cache'

const LONG = 'The quick brown fox jumps over the lazy dog. '.repeat(200)
const MINUTE = 60_000

function messagesRequest(overrides: Partial<ChatRequest> = {}, question = 'What is this?'): ChatRequest {
  return {
    model: 'm',
    stream: false,
    system: LONG,
    systemCache: {},
    messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
    ...overrides,
  }
}

describe('prompt cache, Messages (breakpoints)', () => {
  it('writes the prefix up to the breakpoint, then reads it on the repeated request', () => {
    const cache = createPromptCache()
    const request = messagesRequest()
    const first = cache.use(request, 'anthropic-messages', 0)
    expect(first.readTokens).toBe(0)
    expect(first.writeTokens).toBeGreaterThanOrEqual(MIN_CACHED_PROMPT_TOKENS)
    expect(first.writeTokens).toBeLessThan(estimatePromptTokens(request))
    const second = cache.use(request, 'anthropic-messages', MINUTE)
    expect(second).toEqual({ readTokens: first.writeTokens, writeTokens: 0 })
    // What follows the breakpoint may change: the prefix still reads.
    expect(
      cache.use(messagesRequest({}, 'Another question'), 'anthropic-messages', 2 * MINUTE).readTokens,
    ).toBe(first.writeTokens)
  })

  it('caches nothing without a breakpoint, nor a prefix under the minimum', () => {
    const cache = createPromptCache()
    const bare = messagesRequest()
    delete bare.systemCache
    expect(cache.use(bare, 'anthropic-messages', 0)).toEqual({ readTokens: 0, writeTokens: 0 })
    const short = messagesRequest({ system: 'Be brief.' })
    cache.use(short, 'anthropic-messages', 0)
    expect(cache.use(short, 'anthropic-messages', 1)).toEqual({ readTokens: 0, writeTokens: 0 })
    expect(cache.size).toBe(0)
  })

  it('misses when anything before the breakpoint changes, or the model does', () => {
    const cache = createPromptCache()
    cache.use(messagesRequest(), 'anthropic-messages', 0)
    expect(cache.use(messagesRequest({ system: `${LONG}!` }), 'anthropic-messages', 1).readTokens).toBe(0)
    expect(cache.use(messagesRequest({ model: 'other' }), 'anthropic-messages', 1).readTokens).toBe(0)
  })

  it('reads an earlier turn’s prefix from a later breakpoint (the lookback), and writes only the new part', () => {
    const cache = createPromptCache()
    const turn1: ChatRequest = {
      model: 'm',
      stream: false,
      messages: [{ role: 'user', content: [{ type: 'text', text: LONG, cache: {} }] }],
    }
    const written = cache.use(turn1, 'anthropic-messages', 0).writeTokens ?? 0
    const turn2: ChatRequest = {
      model: 'm',
      stream: false,
      messages: [
        { role: 'user', content: [{ type: 'text', text: LONG }] },
        { role: 'assistant', content: [{ type: 'text', text: 'An answer.' }] },
        { role: 'user', content: [{ type: 'text', text: 'And then?', cache: {} }] },
      ],
    }
    const second = cache.use(turn2, 'anthropic-messages', MINUTE)
    expect(second.readTokens).toBe(written)
    expect(second.writeTokens).toBeGreaterThan(0)
    expect(second.readTokens + (second.writeTokens ?? 0)).toBeLessThan(estimatePromptTokens(turn2))
  })

  it('forgets a prefix 5 minutes after its last use, or 1 hour with that TTL', () => {
    const cache = createPromptCache()
    const request = messagesRequest()
    cache.use(request, 'anthropic-messages', 0)
    // A read renews the entry's life.
    expect(cache.use(request, 'anthropic-messages', 4 * MINUTE).readTokens).toBeGreaterThan(0)
    expect(cache.use(request, 'anthropic-messages', 8 * MINUTE).readTokens).toBeGreaterThan(0)
    expect(cache.use(request, 'anthropic-messages', 13 * MINUTE + 1).readTokens).toBe(0)

    const hour = messagesRequest({ systemCache: { ttl: '1h' } })
    const later = createPromptCache()
    later.use(hour, 'anthropic-messages', 0)
    expect(later.use(hour, 'anthropic-messages', 59 * MINUTE).readTokens).toBeGreaterThan(0)
    expect(later.use(hour, 'anthropic-messages', 120 * MINUTE).readTokens).toBe(0)
  })

  it('keeps at most its cap of prefixes, dropping the least recently used', () => {
    const cache = createPromptCache(2)
    const a = messagesRequest({ system: `A ${LONG}` })
    const b = messagesRequest({ system: `B ${LONG}` })
    const c = messagesRequest({ system: `C ${LONG}` })
    cache.use(a, 'anthropic-messages', 0)
    cache.use(b, 'anthropic-messages', 1)
    cache.use(a, 'anthropic-messages', 2)
    cache.use(c, 'anthropic-messages', 3)
    expect(cache.size).toBe(2)
    expect(cache.use(a, 'anthropic-messages', 4).readTokens).toBeGreaterThan(0)
    expect(cache.use(b, 'anthropic-messages', 5).readTokens).toBe(0)
  })
})

describe('prompt cache, Chat Completions (automatic)', () => {
  const chat = (messages: ChatRequest['messages'], promptCacheKey?: string): ChatRequest => ({
    model: 'm',
    stream: false,
    system: LONG,
    messages,
    ...(promptCacheKey === undefined ? {} : { promptCacheKey }),
  })
  const ask = { role: 'user' as const, content: [{ type: 'text' as const, text: 'What is this?' }] }

  it('reads a repeated prompt of 1,024 tokens or more in steps of 128, and reports no writes', () => {
    const cache = createPromptCache()
    const request = chat([ask])
    expect(cache.use(request, 'openai-chat', 0)).toEqual({ readTokens: 0 })
    const { readTokens } = cache.use(request, 'openai-chat', 1)
    expect(readTokens).toBeGreaterThanOrEqual(MIN_CACHED_PROMPT_TOKENS)
    expect(readTokens % CHAT_CACHE_STEP_TOKENS).toBe(0)
    expect(readTokens).toBeLessThanOrEqual(estimatePromptTokens(request))
    expect(estimatePromptTokens(request) - readTokens).toBeLessThan(CHAT_CACHE_STEP_TOKENS + 10)
  })

  it('reads the previous turn as the prefix of the next', () => {
    const cache = createPromptCache()
    const turn1 = chat([ask])
    cache.use(turn1, 'openai-chat', 0)
    const turn2 = chat([
      ask,
      { role: 'assistant', content: [{ type: 'text', text: 'An answer '.repeat(200) }] },
      { role: 'user', content: [{ type: 'text', text: 'And then?' }] },
    ])
    const { readTokens } = cache.use(turn2, 'openai-chat', 1)
    expect(readTokens).toBeGreaterThanOrEqual(MIN_CACHED_PROMPT_TOKENS)
    expect(readTokens).toBeLessThanOrEqual(estimatePromptTokens(turn1))
  })

  it('caches nothing under 1,024 tokens, and keeps prompt_cache_key groups apart', () => {
    const cache = createPromptCache()
    const short: ChatRequest = { model: 'm', stream: false, messages: [ask] }
    cache.use(short, 'openai-chat', 0)
    expect(cache.use(short, 'openai-chat', 1)).toEqual({ readTokens: 0 })
    cache.use(chat([ask], 'team-a'), 'openai-chat', 0)
    expect(cache.use(chat([ask], 'team-b'), 'openai-chat', 1).readTokens).toBe(0)
    expect(cache.use(chat([ask], 'team-a'), 'openai-chat', 2).readTokens).toBeGreaterThan(0)
  })
})
