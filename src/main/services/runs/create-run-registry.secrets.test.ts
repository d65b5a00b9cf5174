import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { dialects } from '@shared/dialects'
import type { FakeCall, FakeReply } from './__fixtures__/fake-network'
import { JSON_HEADERS, SSE_HEADERS } from './__fixtures__/fake-network'
import { CANARY_KEY, chatRequest, createHarness } from './__fixtures__/registry-harness'
import { sseText, textReplyParts, wireEvents } from './__fixtures__/wire-streams'

/** Every form in which a leaked key could hide in text (security.md §2). */
function keyForms(key: string): string[] {
  return [
    key,
    Buffer.from(key).toString('base64'),
    Buffer.from(key).toString('base64url'),
    encodeURIComponent(key),
    JSON.stringify(key).slice(1, -1),
  ]
}

const K = CANARY_KEY

/** Hostile servers: each scenario echoes the key somewhere a careless client would pass along. */
function scenario(call: FakeCall): FakeReply {
  const body = call.body ?? ''
  if (body.includes('echo-text')) {
    return {
      kind: 'response',
      headers: { ...SSE_HEADERS, 'x-echo': `key=${K}`, 'set-cookie': `session=${K}` },
      body: sseText('openai-chat', textReplyParts([`Your key is ${K} `, 'and more.'])),
    }
  }
  if (body.includes('echo-401')) {
    return {
      kind: 'response',
      status: 401,
      headers: { ...JSON_HEADERS, 'www-authenticate': `Bearer realm="${K}"` },
      body: JSON.stringify({
        error: { message: `Incorrect API key provided: ${K}`, type: 'invalid_request_error', code: K },
      }),
    }
  }
  if (body.includes('echo-network')) {
    return {
      kind: 'reject',
      error: new TypeError('fetch failed', { cause: new Error(`socket for ${K} hung up`) }),
    }
  }
  if (body.includes('echo-in-band')) {
    return {
      kind: 'response',
      headers: SSE_HEADERS,
      body: wireEvents('anthropic-messages', [
        { type: 'start' },
        { type: 'error', error: { type: 'overloaded_error', message: `overloaded for ${K}` } },
      ]).perPart.join(''),
    }
  }
  if (body.includes('echo-json')) {
    const json = dialects['openai-chat'].encodeResponse(
      {
        content: [{ type: 'text', text: `json ${K}` }],
        status: 'completed',
        finish: { unified: 'stop', raw: 'stop' },
      },
      { id: 'x', model: 'm', created: 1, includeUsage: false },
    )
    return { kind: 'response', headers: JSON_HEADERS, body: JSON.stringify(json) }
  }
  if (body.includes('echo-retry') && call.index === 0) {
    return {
      kind: 'response',
      status: 429,
      headers: { ...JSON_HEADERS, 'retry-after': '0' },
      body: JSON.stringify({ error: { message: `slow down ${K}`, type: 'rate_limit_error' } }),
    }
  }
  return { kind: 'response', headers: SSE_HEADERS, body: sseText('openai-chat', textReplyParts(['fine'])) }
}

function prompt(text: string) {
  return chatRequest({ messages: [{ role: 'user', content: [{ type: 'text', text }] }] })
}

/** One run of each hostile scenario, and one whose user pasted the key into the prompt. */
function startHostileRuns(harness: ReturnType<typeof createHarness>) {
  return [
    harness.start({ request: prompt('echo-text') }),
    harness.start({ request: prompt('echo-401') }),
    harness.start({ request: prompt('echo-network'), dialect: 'anthropic-messages' }),
    harness.start({ request: prompt('echo-in-band'), dialect: 'anthropic-messages' }),
    harness.start({ request: prompt('echo-json') }),
    harness.start({ request: prompt('echo-retry') }),
    // A user who pasted the key into the prompt: the inspector's copy of the body hides it too.
    harness.start({ request: prompt(`please use ${K} for me`) }),
  ]
}

describe('the API key never leaves main', () => {
  it('appears in no update and no log line, in any encoding, whatever the server echoes', async () => {
    const harness = createHarness(scenario, { retry: { maxRetries: 1, maxDelayMs: 10 } })
    const runs = startHostileRuns(harness)
    const terminals = await Promise.all(runs.map((run) => run.ended))
    expect(terminals.map((t) => t.terminal?.state)).toEqual([
      'completed',
      'provider_error',
      'network_error',
      'provider_error',
      'completed',
      'completed',
      'completed',
    ])

    // The requests themselves did carry the key: redaction is of what is shown, not what is sent.
    expect(harness.network.calls.some((call) => call.headers['authorization'] === `Bearer ${K}`)).toBe(true)
    expect(harness.network.calls.some((call) => call.headers['x-api-key'] === K)).toBe(true)

    const emitted = harness.updates.map((update) => JSON.stringify(update))
    expect(emitted.length).toBeGreaterThan(runs.length)
    expect(harness.logLines.length).toBeGreaterThan(runs.length)
    for (const form of keyForms(K)) {
      for (const text of [...emitted, ...harness.logLines]) expect(text).not.toContain(form)
    }
    // The redaction is visible where it happened, so the user knows something was removed.
    expect(emitted.join('\n')).toContain('[redacted]')
  })
})

describe('a profile that records cassettes (docs/cassettes.md "In the app")', () => {
  it('writes one cassette per exchange, as the server spoke it, holding no spelling of the key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-cassettes-'))
    try {
      const harness = createHarness(scenario, {
        retry: { maxRetries: 1, maxDelayMs: 10 },
        target: { recordTo: dir },
      })
      const runs = startHostileRuns(harness)
      await Promise.all(runs.map((run) => run.ended))
      // Seven prompts, seven requests: the retried one's second take replaces its first. A cassette
      // is written to a temporary name and renamed: only the finished ones count.
      const cassettes = async (): Promise<string[]> =>
        (await readdir(dir)).filter((name) => name.endsWith('.json'))
      await vi.waitFor(async () => expect(await cassettes()).toHaveLength(runs.length))
      const texts = await Promise.all((await cassettes()).map((name) => readFile(join(dir, name), 'utf8')))
      const ends = texts.map(
        (text) => (JSON.parse(text) as { response: { end: { state: string } } }).response.end,
      )
      expect(ends.map((end) => end.state).sort()).toEqual([
        'ended',
        'ended',
        'ended',
        'ended',
        'ended',
        'ended',
        'failed',
      ])
      for (const form of keyForms(K)) for (const text of texts) expect(text).not.toContain(form)
      expect(texts.join('\n')).toContain('[redacted]')
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 5 })
    }
  })
})
