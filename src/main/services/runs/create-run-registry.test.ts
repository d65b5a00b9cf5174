import { describe, expect, it } from 'vitest'
import type { DialectId } from '@shared/chat/chat-request'
import type { ChatResult } from '@shared/chat/chat-result'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { dialects } from '@shared/dialects'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import { encodeAdjustmentsHeader, GATEWAY_ADJUSTMENTS_HEADER } from '@shared/runs/gateway-adjustments-header'
import { REDACTED } from '../log/redact'
import { createControllableBody } from './__fixtures__/controllable-body'
import { JSON_HEADERS, SSE_HEADERS, terminatedError } from './__fixtures__/fake-network'
import {
  BASE_URL,
  CANARY_KEY,
  chatRequest,
  createHarness,
  expectWellFormed,
  partsOf,
  textOf,
} from './__fixtures__/registry-harness'
import { sseText, textReplyParts, wireEvents } from './__fixtures__/wire-streams'

const TEXTS = ['Hello', ', wor', 'ld! ', 'Ünïcode ✓ 👋', ' and more.']
const USAGE = { inputTokens: 12, outputTokens: 9 }
const REQUEST_ID_HEADER: Record<DialectId, string> = {
  'openai-chat': 'x-request-id',
  'anthropic-messages': 'request-id',
}

describe.each(['openai-chat', 'anthropic-messages'] as const)('a streamed %s run', (dialect) => {
  it('reports the redacted request, the response, the parts in order and ends completed', async () => {
    const harness = createHarness(() => ({
      kind: 'response',
      headers: { ...SSE_HEADERS, [REQUEST_ID_HEADER[dialect]]: 'req_123' },
      body: sseText(dialect, textReplyParts(TEXTS, { usage: USAGE })),
    }))
    const run = harness.start({ dialect })
    const terminal = await run.ended
    const updates = run.updates()
    expectWellFormed(updates)
    expect(terminal.terminal).toEqual({ state: 'completed' })

    const first = updates[0]!
    const built = dialects[dialect].buildRequest(chatRequest(), { baseUrl: BASE_URL, apiKey: CANARY_KEY })
    expect(first.adjustments).toEqual(built.adjustments)
    expect(first.request).toMatchObject({ method: 'POST', url: built.http.url, body: built.http.body })
    const credential = dialect === 'openai-chat' ? 'authorization' : 'x-api-key'
    expect(first.request?.headers[credential]).toBe(REDACTED)
    // What went on the wire carried the real key; only the copy shown to the renderer is redacted.
    expect(harness.network.calls[0]?.headers[credential]).toContain(CANARY_KEY)
    expect(harness.network.calls[0]?.body).toBe(built.http.body)

    const response = updates.find((u) => u.response !== undefined)?.response
    expect(response).toMatchObject({ status: 200, requestId: 'req_123' })
    expect(textOf(updates)).toBe(TEXTS.join(''))
    const result = reduceStreamParts(partsOf(updates))
    expect(result).toMatchObject({ status: 'completed', usage: USAGE, finish: { unified: 'stop' } })

    const rawEvents = updates.flatMap((u) => u.rawEvents ?? [])
    expect(rawEvents.length).toBeGreaterThanOrEqual(TEXTS.length)
    if (dialect === 'anthropic-messages') expect(rawEvents[0]?.event).toBe('message_start')
    expect(terminal.metrics).toMatchObject({ outputTokens: 9, outputTokensEstimated: false, usage: USAGE })
    expect(harness.registry.active()).toBe(0)
  })

  it('ends incomplete, text kept, when the stream stops without the end marker', async () => {
    const parts = textReplyParts(TEXTS, { end: false })
    const harness = createHarness(() => ({
      kind: 'response',
      headers: SSE_HEADERS,
      body: wireEvents(dialect, parts).perPart.join(''), // no closing frames: no [DONE] / message_stop
    }))
    const run = harness.start({ dialect })
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('incomplete')
    expect(terminal.terminal?.message).toContain('end marker')
    expect(textOf(run.updates())).toBe(TEXTS.join(''))
    expect(terminal.metrics?.totalMs).toBeGreaterThanOrEqual(0)
  })

  it('ends provider_error on an in-band error, keeping the text before it and reading no further', async () => {
    const { perPart } = wireEvents(dialect, [
      { type: 'start', id: 'x' },
      { type: 'text-delta', text: 'Half an ans' },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' } },
    ])
    const body = createControllableBody()
    const harness = createHarness(() => ({ kind: 'response', headers: SSE_HEADERS, body: body.iterable }))
    const run = harness.start({ dialect })
    body.push(perPart.join(''))
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ message: 'Overloaded' })
    expect(terminal.terminal?.error?.status).toBeUndefined()
    expect(textOf(run.updates())).toBe('Half an ans')
    await expect.poll(() => body.cancelled).toBe(true)
  })
})

describe('terminal states', () => {
  it('HTTP errors are provider errors parsed by the dialect, with the request id', async () => {
    const harness = createHarness(() => ({
      kind: 'response',
      status: 400,
      headers: { ...JSON_HEADERS, 'x-request-id': 'req_bad' },
      body: JSON.stringify({
        error: {
          message: 'temperature is too high',
          type: 'invalid_request_error',
          param: 'temperature',
          code: null,
        },
      }),
    }))
    const run = harness.start()
    const terminal = await run.ended
    expect(terminal.terminal).toEqual({
      state: 'provider_error',
      error: {
        status: 400,
        type: 'invalid_request_error',
        message: 'temperature is too high',
        param: 'temperature',
        code: null,
        kind: 'invalid_request',
        requestId: 'req_bad',
      },
    })
    expect(harness.network.calls).toHaveLength(1)
    expectWellFormed(run.updates())
  })

  it('a connection the server closes mid-stream is incomplete; a reset is a network error; text kept', async () => {
    for (const [kind, state] of [
      ['closed', 'incomplete'],
      ['reset', 'network_error'],
    ] as const) {
      const body = createControllableBody()
      const harness = createHarness(() => ({ kind: 'response', headers: SSE_HEADERS, body: body.iterable }))
      const run = harness.start()
      const { perPart } = wireEvents('openai-chat', textReplyParts(['kept ', 'text']))
      body.push(perPart.slice(0, 3).join(''))
      body.fail(terminatedError(kind))
      const terminal = await run.ended
      expect(terminal.terminal?.state).toBe(state)
      expect(terminal.terminal?.message).toContain('the text so far is kept')
      expect(textOf(run.updates())).toBe('kept text')
      expect(harness.network.calls).toHaveLength(1) // never retried after a 200
    }
  })

  it('a non-streaming JSON reply becomes the same parts and ends completed', async () => {
    const result: ChatResult = {
      id: 'chatcmpl-1',
      model: 'vendorb3.8-Flash-Next',
      content: [
        { type: 'text', text: 'A whole reply.' },
        { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      finish: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: { inputTokens: 20, outputTokens: 14 },
      status: 'completed',
    }
    for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
      const body = dialects[dialect].encodeResponse(result, {
        id: 'x',
        model: result.model!,
        created: 1,
        includeUsage: false,
      })
      const harness = createHarness(() => ({
        kind: 'response',
        headers: JSON_HEADERS,
        body: JSON.stringify(body),
      }))
      const run = harness.start({ dialect, request: chatRequest({ stream: false }) })
      const terminal = await run.ended
      expect(terminal.terminal).toEqual({ state: 'completed' })
      const reduced = reduceStreamParts(partsOf(run.updates()))
      expect(reduced.content).toEqual([
        { type: 'text', text: 'A whole reply.' },
        { type: 'tool-call', id: expect.any(String), name: 'get_weather', arguments: '{"city":"Paris"}' },
      ])
      expect(terminal.metrics).toMatchObject({
        usage: result.usage,
        outputTokens: 14,
        outputTokensEstimated: false,
      })
      expect(terminal.metrics?.ttftMs).toBeGreaterThanOrEqual(0)
    }
  })

  it('a 200 whose body is not JSON is a provider error', async () => {
    const harness = createHarness(() => ({
      kind: 'response',
      headers: { 'content-type': 'text/html' },
      body: '<h1>Hi</h1>',
    }))
    const terminal = await harness.start({ request: chatRequest({ stream: false }) }).ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error).toMatchObject({ status: 200, type: 'invalid_response' })
  })

  it('does not follow redirects (the key would go along) and says how to fix the base URL', async () => {
    const harness = createHarness(() => ({
      kind: 'response',
      status: 301,
      headers: { location: 'https://elsewhere.example/v1/chat/completions' },
      body: '',
    }))
    const terminal = await harness.start().ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.error?.message).toContain('https://elsewhere.example/v1/chat/completions')
    expect(harness.network.calls).toHaveLength(1)
  })

  it('without a key for the profile: provider_error with a plain message, nothing sent', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: false }), { target: { apiKey: null } })
    const run = harness.start()
    const terminal = await run.ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.message).toMatch(/No API key is saved for this profile/)
    expect(harness.network.calls).toHaveLength(0)
    expect(run.updates()).toHaveLength(1)
    expect(run.updates()[0]?.request).toBeUndefined()
  })

  it('a base URL that is not http(s) is a network error, nothing sent', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: false }), {
      target: { baseUrl: 'file:///etc' },
    })
    const terminal = await harness.start().ended
    expect(terminal.terminal?.state).toBe('network_error')
    expect(terminal.terminal?.message).toContain('not a valid http(s) address')
    expect(harness.network.calls).toHaveLength(0)
  })

  it('a profile that cannot be resolved ends the run with its reason, nothing sent', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: false }), {
      resolveTarget: async () => {
        throw new Error('No profile "gone".')
      },
    })
    const terminal = await harness.start({ profileId: 'gone' }).ended
    expect(terminal.terminal?.state).toBe('provider_error')
    expect(terminal.terminal?.message).toContain('No profile "gone".')
    expect(harness.network.calls).toHaveLength(0)
  })

  it('keeps at most rawEventCap raw events and says the rest were not kept; parts are all there', async () => {
    const texts = Array.from({ length: 30 }, (_, i) => `t${i} `)
    const harness = createHarness(
      () => ({ kind: 'response', headers: SSE_HEADERS, body: sseText('openai-chat', textReplyParts(texts)) }),
      { rawEventCap: 5 },
    )
    const run = harness.start()
    await run.ended
    const updates = run.updates()
    expect(updates.flatMap((u) => u.rawEvents ?? [])).toHaveLength(5)
    expect(updates.filter((u) => u.rawEventsTruncated === true)).toHaveLength(1)
    expect(textOf(updates)).toBe(texts.join(''))
  })

  it('sends the test-only headers of each attempt, and shows them in the request', async () => {
    const harness = createHarness(
      () => ({
        kind: 'response',
        headers: SSE_HEADERS,
        body: sseText('openai-chat', textReplyParts(['ok'])),
      }),
      { testHeaders: (_input, attempt) => ({ 'X-Simulate': `ttft-ms=${attempt}` }) },
    )
    const run = harness.start()
    await run.ended
    expect(harness.network.calls[0]?.headers['x-simulate']).toBe('ttft-ms=0')
    expect(run.updates()[0]?.request?.headers['x-simulate']).toBe('ttft-ms=0')
  })
})

describe('cancel', () => {
  it('aborts the fetch, keeps the parts received, ends aborted at once, and sends nothing after', async () => {
    const body = createControllableBody()
    const harness = createHarness(() => ({ kind: 'response', headers: SSE_HEADERS, body: body.iterable }))
    const run = harness.start()
    const { perPart } = wireEvents('openai-chat', textReplyParts(['first ', 'second ', 'third']))
    body.push(perPart.slice(0, 3).join('')) // start, 'first ', 'second '
    await expect.poll(() => textOf(harness.updates)).toBe('first second ')
    expect(harness.registry.active()).toBe(1)

    harness.registry.cancel(run.runId)
    const terminal = run.updates().at(-1)!
    expect(terminal.terminal).toEqual({ state: 'aborted', message: expect.stringContaining('kept') })
    expect(terminal.metrics?.totalMs).toBeGreaterThanOrEqual(0)
    expect(harness.network.calls[0]?.signal.aborted).toBe(true)
    await expect.poll(() => body.cancelled).toBe(true)
    expect(harness.registry.active()).toBe(0)

    body.push(perPart.slice(3).join(''))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(textOf(run.updates())).toBe('first second ')
    expectWellFormed(run.updates())

    // Cancelling again, or an unknown run, does nothing.
    const count = harness.updates.length
    harness.registry.cancel(run.runId)
    harness.registry.cancel('no-such-run')
    expect(harness.updates).toHaveLength(count)
  })

  it('cancelAll ends every active run aborted', async () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: true }))
    const runs = [harness.start(), harness.start({ dialect: 'anthropic-messages' })]
    await expect.poll(() => harness.network.calls.length).toBe(2)
    harness.registry.cancelAll()
    const terminals = await Promise.all(runs.map((run) => run.ended))
    expect(terminals.map((t) => t.terminal?.state)).toEqual(['aborted', 'aborted'])
    expect(harness.registry.active()).toBe(0)
  })

  it('start returns a fresh id at once, before anything is emitted', () => {
    const harness = createHarness(() => ({ kind: 'hang', connected: true }))
    const a = harness.start()
    const b = harness.start()
    expect(a.runId).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.runId).not.toBe(b.runId)
    expect(harness.updates).toHaveLength(0)
    harness.registry.cancelAll()
  })
})

describe('a gateway that proxied the request to another dialect', () => {
  it("adds what its proxy changed or dropped (x-gateway-adjustments) after the app's own, redacted", async () => {
    const dropped: ParamAdjustment = {
      param: 'cache',
      action: 'dropped',
      detail: `2 cache breakpoint(s) not sent ${CANARY_KEY}`,
    }
    const harness = createHarness(() => ({
      kind: 'response',
      headers: {
        ...SSE_HEADERS,
        [GATEWAY_ADJUSTMENTS_HEADER]: encodeAdjustmentsHeader([dropped]),
      },
      body: sseText('openai-chat', textReplyParts(TEXTS, { usage: USAGE })),
    }))
    const run = harness.start({ dialect: 'openai-chat' })
    await run.ended
    const built = dialects['openai-chat'].buildRequest(chatRequest(), {
      baseUrl: BASE_URL,
      apiKey: CANARY_KEY,
    })
    const latest = run.updates().findLast((u) => u.adjustments !== undefined)?.adjustments
    expect(latest).toEqual([
      ...built.adjustments,
      {
        param: 'cache',
        action: 'dropped',
        detail: `The gateway's proxy: 2 cache breakpoint(s) not sent ${REDACTED}`,
      },
    ])
  })
})
