import { describe, expect, it } from 'vitest'
import type { RunUpdate } from '@shared/runs/run-types'
import { SSE_HEADERS } from './__fixtures__/fake-network'
import { createManualFrames } from './__fixtures__/manual-frames'
import { createHarness, expectWellFormed, partsOf, textOf } from './__fixtures__/registry-harness'
import { textReplyParts, wireEvents } from './__fixtures__/wire-streams'

const PART_COUNT = 10_000
const EVENTS_PER_CHUNK = 25
/** A frame passes every few network chunks: tokens arrive far faster than frames. */
const CHUNKS_PER_FRAME = 3

describe('update batching under a flood (performance.md I1)', () => {
  it('sends at most one update per run per frame, losing and reordering nothing', async () => {
    const frames = createManualFrames()
    const texts = Array.from({ length: PART_COUNT }, (_, i) => `w${i} `)
    const sentFrames = new Map<string, number[]>() // run id → frame number of each non-terminal update

    const network = (dialect: 'openai-chat' | 'anthropic-messages') => {
      const { perPart, closing } = wireEvents(
        dialect,
        textReplyParts(texts, { usage: { inputTokens: 5, outputTokens: PART_COUNT } }),
      )
      return (async function* () {
        for (let i = 0; i < perPart.length; i += EVENTS_PER_CHUNK) {
          yield perPart.slice(i, i + EVENTS_PER_CHUNK).join('')
          if ((i / EVENTS_PER_CHUNK) % CHUNKS_PER_FRAME === CHUNKS_PER_FRAME - 1) frames.runFrame()
        }
        yield closing
      })()
    }

    const harness = createHarness(
      (call) => ({
        kind: 'response',
        headers: SSE_HEADERS,
        body: network(call.url.endsWith('/messages') ? 'anthropic-messages' : 'openai-chat'),
      }),
      { scheduleFrame: frames.schedule },
    )
    const originalPush = harness.updates.push.bind(harness.updates)
    harness.updates.push = (...items: RunUpdate[]) => {
      for (const update of items) {
        if (update.terminal === undefined) {
          const list = sentFrames.get(update.runId) ?? []
          list.push(frames.frames)
          sentFrames.set(update.runId, list)
        }
      }
      return originalPush(...items)
    }

    const runs = [harness.start({ dialect: 'openai-chat' }), harness.start({ dialect: 'anthropic-messages' })]
    const terminals = await Promise.all(runs.map((run) => run.ended))

    expect(frames.frames).toBeGreaterThan(100)
    for (const [index, run] of runs.entries()) {
      expect(terminals[index]?.terminal).toEqual({ state: 'completed' })
      const updates = run.updates()
      expectWellFormed(updates)
      // Nothing lost, nothing reordered: the deltas concatenate to the input exactly.
      expect(textOf(updates)).toBe(texts.join(''))
      expect(partsOf(updates).filter((p) => p.type === 'text-delta')).toHaveLength(PART_COUNT)
      // At most one update per frame (the frame number at emission never repeats)…
      const perFrame = sentFrames.get(run.runId) ?? []
      expect(new Set(perFrame).size).toBe(perFrame.length)
      // …so the renderer got a few hundred messages for ten thousand parts.
      expect(updates.length).toBeLessThanOrEqual(frames.frames + 1)
      expect(updates.length).toBeLessThan(PART_COUNT / 10)
    }
  })

  it('with the default timer scheduler, updates of a run are at least a frame apart', async () => {
    const texts = Array.from({ length: 400 }, (_, i) => `t${i} `)
    const { perPart, closing } = wireEvents('openai-chat', textReplyParts(texts))
    const emittedAt: number[] = []
    const harness = createHarness(
      () => ({
        kind: 'response',
        headers: SSE_HEADERS,
        body: (async function* () {
          for (let i = 0; i < perPart.length; i += 4) {
            yield perPart.slice(i, i + 4).join('')
            await new Promise((resolve) => setTimeout(resolve, 1))
          }
          yield closing
        })(),
      }),
      { frameMs: 16 },
    )
    const originalPush = harness.updates.push.bind(harness.updates)
    harness.updates.push = (...items: RunUpdate[]) => {
      for (const update of items) if (update.terminal === undefined) emittedAt.push(performance.now())
      return originalPush(...items)
    }
    const run = harness.start()
    await run.ended
    expect(textOf(run.updates())).toBe(texts.join(''))
    expect(emittedAt.length).toBeGreaterThan(3)
    for (let i = 1; i < emittedAt.length; i++) {
      // Node timers may fire up to a millisecond early against performance.now().
      expect(emittedAt[i]! - emittedAt[i - 1]!).toBeGreaterThanOrEqual(15)
    }
  })
})
