import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { buildCatalog, pointsForUsage } from '@shared/catalog'
import { createRunMetrics } from './run-metrics'

const [vision] = buildCatalog()
const pricing = vision?.token_factory.pricing
const T0 = 1_700_000_000_000

describe('createRunMetrics', () => {
  it('measures ttfb, ttft, total and the token rate between the first and the latest content part', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing })
    metrics.headersReceived(T0 + 120)
    metrics.observe({ type: 'start', id: 'x' }, T0 + 130)
    metrics.observe({ type: 'text-delta', text: 'Hello' }, T0 + 200)
    expect(metrics.snapshot().tokensPerSecond).toBeUndefined() // one content part: no rate yet
    metrics.observe({ type: 'text-delta', text: ' world' }, T0 + 700)
    metrics.observe({ type: 'text-delta', text: ' again' }, T0 + 1200)
    const snapshot = metrics.snapshot(T0 + 1300)
    expect(snapshot).toMatchObject({ startedAt: T0, ttfbMs: 120, ttftMs: 200, totalMs: 1300 })
    const tokens = countTokens('Hello world again')
    expect(snapshot.outputTokens).toBe(tokens)
    expect(snapshot.outputTokensEstimated).toBe(true)
    // 1 s between the first (T0+200) and the latest (T0+1200) content part.
    expect(snapshot.tokensPerSecond).toBeCloseTo(tokens / 1.0, 10)
    expect(snapshot.usage).toBeUndefined()
    expect(snapshot.points).toBeUndefined()
  })

  it('switches to reported usage, and prices it with the catalog', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing })
    metrics.observe({ type: 'text-delta', text: 'a b c' }, T0 + 100)
    metrics.observe({ type: 'text-delta', text: ' d e f' }, T0 + 600)
    const usage = { inputTokens: 1200, outputTokens: 40, cacheReadTokens: 200 }
    metrics.observe({ type: 'usage', usage }, T0 + 650)
    const snapshot = metrics.snapshot()
    expect(snapshot.outputTokens).toBe(40)
    expect(snapshot.outputTokensEstimated).toBe(false)
    expect(snapshot.tokensPerSecond).toBeCloseTo(40 / 0.5, 10)
    expect(snapshot.usage).toEqual(usage)
    expect(snapshot.points).toBe(pointsForUsage(usage, pricing!))
    // (1000 uncached × 0.14 + 200 cached × 0.0028 + 40 × 0.28) / 1M = 151.76 / 1M.
    expect(snapshot.points).toBe('0.00015176')
  })

  it('goes back to the estimate when content arrives after an early usage report (Messages message_start)', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing })
    metrics.observe({ type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } }, T0 + 50)
    expect(metrics.snapshot()).toMatchObject({ outputTokens: 1, outputTokensEstimated: false })
    metrics.observe({ type: 'text-delta', text: 'one two three four five' }, T0 + 60)
    expect(metrics.snapshot()).toMatchObject({
      outputTokens: countTokens('one two three four five'),
      outputTokensEstimated: true,
    })
    expect(metrics.snapshot().usage).toEqual({ inputTokens: 10, outputTokens: 1 })
  })

  it('counts reasoning and tool arguments, and a tool call starts the first-token clock', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing: undefined })
    metrics.observe({ type: 'tool-call-start', index: 0, id: 'call_1', name: 'get_weather' }, T0 + 300)
    metrics.observe({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' }, T0 + 400)
    metrics.observe({ type: 'reasoning-delta', text: 'thinking hard' }, T0 + 500)
    const snapshot = metrics.snapshot()
    expect(snapshot.ttftMs).toBe(300)
    expect(snapshot.outputTokens).toBe(countTokens('{"city":"Paris"}') + countTokens('thinking hard'))
  })

  it('gives no rate for parts that arrived in the same instant, and no points for an unknown model', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing: undefined })
    metrics.observe({ type: 'text-delta', text: 'a' }, T0 + 10)
    metrics.observe({ type: 'text-delta', text: 'b' }, T0 + 10)
    metrics.observe({ type: 'usage', usage: { inputTokens: 5, outputTokens: 2 } }, T0 + 10)
    const snapshot = metrics.snapshot()
    expect(snapshot.tokensPerSecond).toBeUndefined()
    expect(snapshot.points).toBeUndefined()
  })
  it('times the thinking from its first part to the answer, and counts its tokens', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing: undefined })
    metrics.observe({ type: 'reasoning-delta', text: 'Let me think about' }, T0 + 400)
    metrics.observe({ type: 'reasoning-delta', text: ' this carefully.' }, T0 + 1400)
    // Still thinking: up to the latest reasoning part.
    expect(metrics.snapshot()).toMatchObject({
      reasoningMs: 1000,
      reasoningTokens: countTokens('Let me think about this carefully.'),
      reasoningTokensEstimated: true,
    })
    metrics.observe({ type: 'text-delta', text: 'The answer' }, T0 + 3600)
    metrics.observe({ type: 'text-delta', text: ' is 4.' }, T0 + 3700)
    const done = metrics.snapshot(T0 + 3800)
    expect(done.reasoningMs).toBe(3200)
    expect(done.reasoningTokens).toBe(countTokens('Let me think about this carefully.'))
    expect(done.outputTokens).toBe(
      countTokens('Let me think about this carefully.') + countTokens('The answer is 4.'),
    )
    // The server's count, once reported, replaces the estimate.
    metrics.observe(
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 20, reasoningTokens: 12 } },
      T0 + 3800,
    )
    expect(metrics.snapshot(T0 + 3800)).toMatchObject({
      reasoningTokens: 12,
      reasoningTokensEstimated: false,
    })
  })

  it('sums thinking spans, runs an unfinished one to the end, and says nothing of a reply that did not think', () => {
    const metrics = createRunMetrics({ startedAt: T0, pricing: undefined })
    metrics.observe({ type: 'reasoning-delta', text: 'first' }, T0 + 100)
    metrics.observe({ type: 'tool-call-start', index: 0, id: 'c', name: 'f' }, T0 + 600)
    metrics.observe({ type: 'reasoning-delta', text: 'second' }, T0 + 1000)
    expect(metrics.snapshot(T0 + 1300).reasoningMs).toBe(500 + 300)

    // Redacted thinking is thinking too, of unknown length: timed, no tokens of its own.
    const redacted = createRunMetrics({ startedAt: T0, pricing: undefined })
    redacted.observe({ type: 'redacted-reasoning', data: 'EncryptedBlob==' }, T0 + 100)
    redacted.observe({ type: 'text-delta', text: 'Answer.' }, T0 + 700)
    expect(redacted.snapshot(T0 + 800)).toMatchObject({ reasoningMs: 600, reasoningTokens: 0, ttftMs: 100 })

    const plain = createRunMetrics({ startedAt: T0, pricing: undefined })
    plain.observe({ type: 'text-delta', text: 'hi' }, T0 + 100)
    const snapshot = plain.snapshot(T0 + 200)
    expect(snapshot.reasoningMs).toBeUndefined()
    expect(snapshot.reasoningTokens).toBeUndefined()
  })
})
