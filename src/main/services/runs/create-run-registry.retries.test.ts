import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeReply } from './__fixtures__/fake-network'
import { JSON_HEADERS, refusedError, SSE_HEADERS, terminatedError } from './__fixtures__/fake-network'
import { createHarness, expectWellFormed, textOf } from './__fixtures__/registry-harness'
import { sseText, textReplyParts, wireEvents } from './__fixtures__/wire-streams'

const OK: FakeReply = {
  kind: 'response',
  headers: SSE_HEADERS,
  body: sseText('openai-chat', textReplyParts(['fine'])),
}

function httpError(status: number, headers: Record<string, string> = {}): FakeReply {
  return {
    kind: 'response',
    status,
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify({ error: { message: `failure ${status}`, type: 'rate_limit_error' } }),
  }
}

/** Replies in order; the last one repeats. */
function sequence(...replies: FakeReply[]) {
  return (call: { index: number }) => replies[Math.min(call.index, replies.length - 1)]!
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

const settle = () => vi.advanceTimersByTimeAsync(0)

describe('retries before the first token', () => {
  it('honours retry-after on a 429: announces the retry, waits exactly that long, then succeeds', async () => {
    const harness = createHarness(sequence(httpError(429, { 'retry-after': '2' }), OK), { frameMs: 16 })
    const run = harness.start()
    // The retry notice goes out before the wait starts (at once here: nothing went out in the last frame).
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.network.calls).toHaveLength(1)
    const notice = run.updates().at(-1)
    expect(notice?.retry).toEqual({ attempt: 1, delayMs: 2000, reason: 'HTTP 429: failure 429' })
    expect(notice?.response?.status).toBe(429)
    await vi.advanceTimersByTimeAsync(1999)
    expect(harness.network.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(harness.network.calls).toHaveLength(2)
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({ state: 'completed' })
    expect(textOf(run.updates())).toBe('fine')
    // The final response is the one that produced the reply.
    expect(
      run
        .updates()
        .filter((u) => u.response)
        .map((u) => u.response?.status),
    ).toEqual([429, 200])
    expectWellFormed(run.updates())
  })

  it('backs off 0.5 s after a 503 without retry-after, then succeeds', async () => {
    const harness = createHarness(sequence(httpError(503), OK), { frameMs: 16 })
    const run = harness.start()
    await vi.advanceTimersByTimeAsync(499)
    expect(harness.network.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(harness.network.calls).toHaveLength(2)
    expect((await run.ended).terminal?.state).toBe('completed')
  })

  it('gives up after maxRetries with the last error', async () => {
    const harness = createHarness(sequence(httpError(529, { 'retry-after': '1' })))
    const run = harness.start({ dialect: 'anthropic-messages' })
    await vi.advanceTimersByTimeAsync(5_000)
    const terminal = await run.ended
    expect(harness.network.calls).toHaveLength(3)
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ status: 529, kind: 'overloaded' })
    expect(run.updates().flatMap((u) => (u.retry ? [u.retry.attempt] : []))).toEqual([1, 2])
  })

  it('x-should-retry: false forbids a retry, x-should-retry: true forces one', async () => {
    const forbidden = createHarness(
      sequence(httpError(429, { 'x-should-retry': 'false', 'retry-after': '0' }), OK),
    )
    const run = forbidden.start()
    await settle()
    expect((await run.ended).terminal?.error?.status).toBe(429)
    expect(forbidden.network.calls).toHaveLength(1)

    const forced = createHarness(
      sequence(httpError(400, { 'x-should-retry': 'true', 'retry-after': '0' }), OK),
    )
    const forcedRun = forced.start()
    await vi.advanceTimersByTimeAsync(50)
    expect((await forcedRun.ended).terminal?.state).toBe('completed')
    expect(forced.network.calls).toHaveLength(2)
  })

  it('does not retry a 4xx like 401, nor a server asking to wait longer than maxDelayMs', async () => {
    const unauthorized = createHarness(sequence(httpError(401), OK))
    const run = unauthorized.start()
    await settle()
    expect((await run.ended).terminal?.error).toMatchObject({ status: 401, kind: 'authentication' })
    expect(unauthorized.network.calls).toHaveLength(1)

    const patient = createHarness(sequence(httpError(429, { 'retry-after': '3600' }), OK))
    const patientRun = patient.start()
    await settle()
    const terminal = await patientRun.ended
    expect(terminal.terminal?.error?.status).toBe(429)
    expect(terminal.response ?? patientRun.updates().find((u) => u.response)?.response).toMatchObject({
      headers: { 'retry-after': '3600' },
    })
    expect(patient.network.calls).toHaveLength(1)
  })

  it('retries refused connections, then reports a plain network error', async () => {
    const harness = createHarness(() => ({ kind: 'reject', error: refusedError() }))
    const run = harness.start()
    await vi.advanceTimersByTimeAsync(10_000)
    const terminal = await run.ended
    expect(harness.network.calls).toHaveLength(3)
    expect(terminal.terminal).toEqual({
      state: 'network_error',
      message: 'Could not connect to 127.0.0.1:8787 (connection refused). Is the gateway running?',
    })
    expect(run.updates().flatMap((u) => (u.retry ? [u.retry.delayMs] : []))).toEqual([500, 1000])

    const recovering = createHarness(sequence({ kind: 'reject', error: refusedError() }, OK))
    const recoveringRun = recovering.start()
    await vi.advanceTimersByTimeAsync(600)
    expect((await recoveringRun.ended).terminal?.state).toBe('completed')
  })

  it('never retries once a 200 arrived, whatever happens to the stream', async () => {
    const { perPart } = wireEvents('openai-chat', textReplyParts(['partial ', 'reply']))
    const cut = createHarness(() => ({
      kind: 'response',
      headers: SSE_HEADERS,
      body: (async function* () {
        yield perPart.slice(0, 2).join('')
        throw terminatedError('reset')
      })(),
    }))
    const run = cut.start()
    await vi.advanceTimersByTimeAsync(10_000)
    expect((await run.ended).terminal?.state).toBe('network_error')
    expect(textOf(run.updates())).toBe('partial ')
    expect(cut.network.calls).toHaveLength(1)
    expect(run.updates().some((u) => u.retry)).toBe(false)

    // An in-band overload error after the 200 is not retried either.
    const inBand = createHarness(() => ({
      kind: 'response',
      headers: SSE_HEADERS,
      body: wireEvents('openai-chat', [
        { type: 'start' },
        { type: 'error', error: { type: 'server_error', message: 'boom', kind: 'overloaded' } },
      ]).perPart.join(''),
    }))
    const inBandRun = inBand.start()
    await vi.advanceTimersByTimeAsync(10_000)
    expect((await inBandRun.ended).terminal?.state).toBe('provider_error')
    expect(inBand.network.calls).toHaveLength(1)
  })

  it('a cancel during the backoff ends the run aborted and sends nothing again', async () => {
    const harness = createHarness(sequence(httpError(429, { 'retry-after': '10' }), OK))
    const run = harness.start()
    await vi.advanceTimersByTimeAsync(20)
    expect(run.updates().some((u) => u.retry?.delayMs === 10_000)).toBe(true)
    harness.registry.cancel(run.runId)
    expect((await run.ended).terminal?.state).toBe('aborted')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(harness.network.calls).toHaveLength(1)
    expectWellFormed(run.updates())
  })
})
