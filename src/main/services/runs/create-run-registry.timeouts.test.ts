import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControllableBody } from './__fixtures__/controllable-body'
import { SSE_HEADERS } from './__fixtures__/fake-network'
import { createHarness, expectWellFormed, textOf } from './__fixtures__/registry-harness'
import { textReplyParts, wireEvents } from './__fixtures__/wire-streams'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

const TIMEOUTS = { connectMs: 15_000, headersMs: 60_000, idleMs: 120_000 }

describe('timeouts: connect, headers, idle — never a wall clock', () => {
  it('connect: no connection after connectMs ends the run timeout, aborted, not retried', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: false }), { timeouts: TIMEOUTS })
    const run = harness.start()
    await vi.advanceTimersByTimeAsync(14_999)
    expect(harness.registry.active()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('timeout')
    expect(terminal.terminal?.message).toBe(
      'Could not connect to 127.0.0.1:8787 within 15 s (connect timeout). Check the base URL and your network connection.',
    )
    expect(harness.network.calls[0]?.signal.aborted).toBe(true)
    expect(harness.network.calls).toHaveLength(1)
    expectWellFormed(run.updates())
  })

  it('headers: a connected server that never answers times out after headersMs, not connectMs', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: true }), { timeouts: TIMEOUTS })
    const run = harness.start()
    await vi.advanceTimersByTimeAsync(59_999)
    expect(harness.registry.active()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({
      state: 'timeout',
      message: '127.0.0.1:8787 did not answer within 60 s (no response headers).',
    })
    expect(harness.network.calls[0]?.signal.aborted).toBe(true)
  })

  it('headers: a transport whose connections cannot be observed is only bound by headersMs', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: false }), {
      timeouts: TIMEOUTS,
      connectionWatcher: { watch: (send) => send() },
    })
    const run = harness.start()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(harness.registry.active()).toBe(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect((await run.ended).terminal?.message).toContain('no response headers')
  })

  it('idle: pings keep a slow stream alive; silence for idleMs ends it timeout with the text kept', async () => {
    const body = createControllableBody()
    const harness = createHarness(() => ({ kind: 'response', headers: SSE_HEADERS, body: body.iterable }), {
      timeouts: TIMEOUTS,
    })
    const run = harness.start()
    const { perPart } = wireEvents('openai-chat', textReplyParts(['slow ', 'words']))
    body.push(perPart.slice(0, 2).join(''))
    // Ten minutes of pings every 100 s: the stream is long, but never idle for 120 s.
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(100_000)
      body.push(': ping\n\n')
    }
    await vi.advanceTimersByTimeAsync(119_000)
    expect(harness.registry.active()).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({
      state: 'timeout',
      message: 'No data from 127.0.0.1:8787 for 120 s (idle timeout); the text so far is kept.',
    })
    expect(textOf(run.updates())).toBe('slow ')
    expect(body.cancelled).toBe(true)
  })

  it('no wall clock: a reply that takes 20 minutes but never pauses for idleMs completes', async () => {
    const body = createControllableBody()
    const harness = createHarness(() => ({ kind: 'response', headers: SSE_HEADERS, body: body.iterable }), {
      timeouts: TIMEOUTS,
    })
    const run = harness.start()
    const texts = Array.from({ length: 20 }, (_, i) => `minute${i} `)
    const { perPart, closing } = wireEvents('openai-chat', textReplyParts(texts))
    for (const event of perPart) {
      body.push(event)
      await vi.advanceTimersByTimeAsync(60_000)
    }
    body.push(closing)
    body.end()
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({ state: 'completed' })
    expect(textOf(run.updates())).toBe(texts.join(''))
  })

  it('idle applies to a non-streaming body too', async () => {
    const body = createControllableBody()
    const harness = createHarness(
      () => ({ kind: 'response', headers: { 'content-type': 'application/json' }, body: body.iterable }),
      { timeouts: TIMEOUTS },
    )
    const run = harness.start()
    body.push('{"id":"chatcmpl-1","choices":[')
    await vi.advanceTimersByTimeAsync(120_000)
    expect((await run.ended).terminal?.state).toBe('timeout')
  })
})
