import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { pointsForUsage } from '@shared/catalog'
import { SSE_HEADERS } from './__fixtures__/fake-network'
import { createManualFrames } from './__fixtures__/manual-frames'
import { chatRequest, createHarness, TEXT_MODEL } from './__fixtures__/registry-harness'
import { textReplyParts, wireEvents } from './__fixtures__/wire-streams'

const T0 = 1_750_000_000_000

/**
 * A clock the fake server moves: sent at T0, headers at T0+100, content chunks at T0+300, T0+800
 * and T0+1300, the end at T0+1400. Every metric is then exact arithmetic on those instants.
 */
function pacedReply(options: { usage?: { inputTokens: number; outputTokens: number }; model?: string }) {
  let clock = T0
  // A frame passes after each network chunk, so live updates go out while the reply streams.
  const frames = createManualFrames()
  const texts = ['The first', ' words', ' of', ' a', ' reply', ' here']
  const { perPart, closing } = wireEvents('openai-chat', textReplyParts(texts, { usage: options.usage }))
  // perPart: [start, 6 texts, (usage), finish, end]
  const harness = createHarness(
    () => {
      clock = T0 + 100
      return {
        kind: 'response',
        headers: SSE_HEADERS,
        body: (async function* () {
          clock = T0 + 300
          yield perPart.slice(0, 3).join('') // start + 'The first' + ' words'
          frames.runFrame()
          clock = T0 + 800
          yield perPart.slice(3, 5).join('') // ' of' + ' a'
          frames.runFrame()
          clock = T0 + 1300
          yield perPart.slice(5, 7).join('') // ' reply' + ' here'
          frames.runFrame()
          clock = T0 + 1400
          yield perPart.slice(7).join('') + closing
        })(),
      }
    },
    { now: () => clock, scheduleFrame: frames.schedule },
  )
  const run = harness.start({ request: chatRequest({ model: options.model ?? TEXT_MODEL.model }) })
  return { run, text: texts.join('') }
}

describe('run metrics, measured on arrival', () => {
  it('computes ttfb, ttft, total, tokens per second and points from reported usage', async () => {
    const usage = { inputTokens: 1_000, outputTokens: 30 }
    const { run } = pacedReply({ usage })
    const { metrics, terminal } = await run.ended
    expect(terminal?.state).toBe('completed')
    expect(metrics).toEqual({
      startedAt: T0,
      ttfbMs: 100,
      ttftMs: 300,
      totalMs: 1400,
      outputTokens: 30,
      outputTokensEstimated: false,
      // 30 tokens between the first (T0+300) and the latest (T0+1300) content part: one second.
      tokensPerSecond: 30,
      // As the dialect parsed it from the wire (Chat Completions adds its zero detail counts).
      usage: { ...usage, cacheReadTokens: 0, reasoningTokens: 0 },
      points: pointsForUsage(usage, TEXT_MODEL.token_factory.pricing),
    })
    // 1000 × 0.15 + 30 × 0.46999999999999995 = 164.0999999999999985 points per million tokens.
    expect(metrics?.points).toBe('0.0001640999999999999985')
  })

  it('estimates output tokens from the text when the server reports no usage, and gives no points', async () => {
    const { run, text } = pacedReply({})
    const { metrics } = await run.ended
    expect(metrics).toMatchObject({
      outputTokens: countTokens(text),
      outputTokensEstimated: true,
      tokensPerSecond: countTokens(text) / 1,
    })
    expect(metrics?.usage).toBeUndefined()
    expect(metrics?.points).toBeUndefined()
  })

  it('sends live metrics while streaming, before the terminal update', async () => {
    const { run } = pacedReply({ usage: { inputTokens: 1, outputTokens: 6 } })
    await run.ended
    const live = run.updates().filter((u) => u.metrics !== undefined && u.terminal === undefined)
    expect(live.length).toBeGreaterThanOrEqual(3)
    expect(live.every((u) => u.metrics?.startedAt === T0)).toBe(true)
    // The count grows as the text arrives (an estimate until the usage chunk).
    const counts = live.map((u) => u.metrics?.outputTokens ?? 0)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    expect(counts.at(-1)).toBeGreaterThan(counts[0] ?? 0)
  })

  it('has usage but no points for a model the catalog does not list', async () => {
    const { run } = pacedReply({ usage: { inputTokens: 10, outputTokens: 6 }, model: 'not-in-catalog' })
    const { metrics } = await run.ended
    expect(metrics?.usage).toMatchObject({ inputTokens: 10, outputTokens: 6 })
    expect(metrics?.points).toBeUndefined()
  })

  it('keeps what was measured when the run is cancelled', async () => {
    let clock = T0
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { perPart } = wireEvents('openai-chat', textReplyParts(['alpha', ' beta', ' gamma']))
    const harness = createHarness(
      () => {
        clock = T0 + 50
        return {
          kind: 'response',
          headers: SSE_HEADERS,
          body: (async function* () {
            clock = T0 + 200
            yield perPart.slice(0, 3).join('')
            await gate
          })(),
        }
      },
      { now: () => clock },
    )
    const run = harness.start()
    await expect.poll(() => harness.updates.some((u) => (u.parts ?? []).length > 0)).toBe(true)
    clock = T0 + 900
    harness.registry.cancel(run.runId)
    release()
    const { metrics, terminal } = await run.ended
    expect(terminal?.state).toBe('aborted')
    expect(metrics).toMatchObject({
      ttfbMs: 50,
      ttftMs: 200,
      totalMs: 900,
      outputTokens: countTokens('alpha beta'),
      outputTokensEstimated: true,
    })
  })
})
