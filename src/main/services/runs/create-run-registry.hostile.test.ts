import { describe, expect, it } from 'vitest'
import type { RunUpdate } from '@shared/runs/run-types'
import { hostileReplies, keyLeaks } from './__fixtures__/hostile-replies'
import { CANARY_KEY, chatRequest, createHarness, partsOf, textOf } from './__fixtures__/registry-harness'

/**
 * A hostile server echoing the key in every field of a reply (see hostile-replies.ts). The harness's
 * logger does not redact, so what reaches a log line is caught here too.
 */
function prompt(text: string) {
  return chatRequest({ messages: [{ role: 'user', content: [{ type: 'text', text }] }] })
}

function toolArgumentsOf(updates: readonly RunUpdate[]): string {
  return partsOf(updates)
    .map((part) => (part.type === 'tool-call-delta' ? part.argumentsDelta : ''))
    .join('')
}

function reasoningOf(updates: readonly RunUpdate[]): string {
  return partsOf(updates)
    .map((part) => (part.type === 'reasoning-delta' ? part.text : ''))
    .join('')
}

describe('a server that echoes the key in any field', () => {
  const replies = hostileReplies(CANARY_KEY)

  it.each(replies.map((reply) => [reply.name, reply] as const))(
    '%s: no trace of the key, no other character lost',
    async (name, reply) => {
      const harness = createHarness(
        () => ({
          kind: 'response',
          status: reply.status,
          headers: {
            'content-type': reply.contentType,
            'x-request-id': CANARY_KEY,
            'request-id': CANARY_KEY,
          },
          body: reply.chunks,
        }),
        { retry: { maxRetries: 0 } },
      )
      const run = harness.start({ dialect: reply.dialect, request: prompt(name) })
      const ended = await run.ended
      expect(ended.terminal?.state).toBe(reply.status === 200 ? 'completed' : 'provider_error')

      const emitted = [...harness.updates.map((update) => JSON.stringify(update)), ...harness.logLines].join(
        '\n',
      )
      expect(keyLeaks(emitted, CANARY_KEY)).toEqual([])
      if (reply.text !== undefined) expect(textOf(run.updates())).toBe(reply.text)
      if (reply.reasoning !== undefined) expect(reasoningOf(run.updates())).toBe(reply.reasoning)
      if (reply.toolArguments !== undefined) expect(toolArgumentsOf(run.updates())).toBe(reply.toolArguments)
    },
  )

  it('a network error message that quotes the key near its cut leaves no piece of it', async () => {
    const harness = createHarness(
      () => ({
        kind: 'reject',
        error: new TypeError('fetch failed', {
          cause: new Error(`${'y'.repeat(180)} ${CANARY_KEY} hung up`),
        }),
      }),
      { retry: { maxRetries: 1, maxDelayMs: 1 } },
    )
    const ended = await harness.start().ended
    expect(ended.terminal?.state).toBe('network_error')
    const emitted = [...harness.updates.map((update) => JSON.stringify(update)), ...harness.logLines].join(
      '\n',
    )
    expect(emitted).toContain('[redacted]')
    expect(keyLeaks(emitted, CANARY_KEY)).toEqual([])
  })

  it('redacts a key shorter than 8 characters, split across deltas, and keeps the text around it', async () => {
    const key = 'k3y!'
    const harness = createHarness(
      () => ({
        kind: 'response',
        headers: { 'content-type': 'text/event-stream' },
        body: hostileReplies(key)[0]!.chunks,
      }),
      { target: { apiKey: key } },
    )
    const run = harness.start()
    expect((await run.ended).terminal?.state).toBe('completed')
    expect(textOf(run.updates())).toBe(hostileReplies(key)[0]!.text)
    const emitted = harness.updates.map((update) => JSON.stringify(update)).join('\n')
    expect(emitted).not.toContain(key)
  })

  it('a stream cut in the middle of the key releases the text before it and hides the piece', async () => {
    const harness = createHarness(() => ({
      kind: 'response',
      headers: { 'content-type': 'text/event-stream' },
      body: [
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `Your key is ${CANARY_KEY.slice(0, 30)}` } }] })}\n\n`,
      ],
    }))
    const run = harness.start()
    expect((await run.ended).terminal?.state).toBe('incomplete')
    expect(textOf(run.updates())).toBe('Your key is [redacted]')
    expect(keyLeaks(harness.updates.map((u) => JSON.stringify(u)).join('\n'), CANARY_KEY)).toEqual([])
  })
})

describe('text held back by the redaction', () => {
  it('reaches the renderer before the terminal update when the user stops the run', async () => {
    let release: () => void = () => undefined
    const never = new Promise<void>((resolve) => (release = resolve))
    const harness = createHarness(() => ({
      kind: 'response',
      headers: { 'content-type': 'text/event-stream' },
      body: (async function* () {
        // Ends with "s", which could begin the key ("sk-…"): held back until the next delta.
        yield `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'it was' } }] })}\n\n`
        await never
      })(),
    }))
    const run = harness.start()
    await expect.poll(() => harness.network.calls.length).toBe(1)
    await expect.poll(() => textOf(run.updates())).toBe('it wa')
    harness.registry.cancel(run.runId)
    const ended = await run.ended
    release()
    expect(ended.terminal?.state).toBe('aborted')
    expect(textOf(run.updates())).toBe('it was')
  })
})
