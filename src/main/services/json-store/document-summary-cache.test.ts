import { describe, expect, it } from 'vitest'
import { createDocumentSummaryCache, RECENT_CHANGE_MS } from './document-summary-cache'

const version = (key: string, mtimeMs: number) => ({ key, mtimeMs })

describe('createDocumentSummaryCache', () => {
  it('answers only for the exact file version a summary was made from', () => {
    const cache = createDocumentSummaryCache<string>(() => 1_000_000)
    cache.rememberRead('a', version('v1', 0), 'first')
    expect(cache.get('a', version('v1', 0))).toBe('first')
    expect(cache.get('a', version('v2', 0))).toBeUndefined()
    expect(cache.get('b', version('v1', 0))).toBeUndefined()
    cache.forget('a')
    expect(cache.get('a', version('v1', 0))).toBeUndefined()
  })

  it('does not trust a file read within one clock tick of its last change, but does its own writes', () => {
    let now = 50_000
    const cache = createDocumentSummaryCache<string>(() => now)
    // Changed just now: another edit in the same tick could leave size and times as they are.
    cache.rememberRead('a', version('v1', now - 1), 'maybe stale')
    expect(cache.get('a', version('v1', now - 1))).toBeUndefined()
    now += RECENT_CHANGE_MS
    cache.rememberRead('a', version('v1', now - RECENT_CHANGE_MS - 1), 'settled')
    expect(cache.get('a', version('v1', now - RECENT_CHANGE_MS - 1))).toBe('settled')
    // What this process itself just wrote is known without reading it back.
    cache.rememberWrite('b', version('w1', now), 'written')
    expect(cache.get('b', version('w1', now))).toBe('written')
  })

  it('drops documents that left the folder', () => {
    const cache = createDocumentSummaryCache<string>(() => 1_000_000)
    cache.rememberRead('a', version('v', 0), 'a')
    cache.rememberRead('b', version('v', 0), 'b')
    cache.retainOnly(new Set(['b']))
    expect(cache.get('a', version('v', 0))).toBeUndefined()
    expect(cache.get('b', version('v', 0))).toBe('b')
  })
})
