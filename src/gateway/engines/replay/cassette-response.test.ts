import { describe, expect, it } from 'vitest'
import { GatewayError } from '@shared/chat/errors'
import { sampleCassette } from '@node/cassettes/__fixtures__/sample-cassette'
import type { Cassette } from '@node/cassettes/cassette-schema'
import { cassetteResponse } from './cassette-response'

/** Events a minute apart: a replay that waited on them could not finish within a test's timeout. */
const SLOW = sampleCassette(undefined, [
  { atMs: 60_000, event: 'a', data: '1' },
  { atMs: 120_000, data: '2' },
  { atMs: 180_000, id: 'x', data: '3\nthree' },
])

async function read(response: ReturnType<typeof cassetteResponse>): Promise<string[]> {
  const chunks: string[] = []
  for await (const chunk of response.chunks()) chunks.push(chunk)
  return chunks
}

describe('cassetteResponse', () => {
  it('instant: every event at once, in order, as SSE text, without waiting on the recorded gaps', async () => {
    const chunks = await read(cassetteResponse(SLOW, 'instant', new AbortController().signal))
    expect(chunks).toEqual(['event: a\ndata: 1\n\ndata: 2\n\nid: x\ndata: 3\ndata: three\n\n'])
  })

  it('at a speed, each event waits for its recorded time divided by the speed, in order', async () => {
    const fast = sampleCassette(undefined, [
      { atMs: 0, data: 'a' },
      { atMs: 300, data: 'b' },
      { atMs: 600, data: 'c' },
    ])
    const started = performance.now()
    const seen: Array<{ chunk: string; at: number }> = []
    for await (const chunk of cassetteResponse(fast, 10, new AbortController().signal).chunks())
      seen.push({ chunk, at: performance.now() - started })
    expect(seen.map((s) => s.chunk).join('')).toBe('data: a\n\ndata: b\n\ndata: c\n\n')
    // Never early (timers only ever fire late): at least 30 and 60 ms, i.e. 300 and 600 ms at 10×.
    expect(seen.at(-1)?.at).toBeGreaterThanOrEqual(59)
  })

  it('a stream that broke when recorded breaks after its events with the recorded error', async () => {
    const broken: Cassette = {
      ...SLOW,
      response: {
        ...SLOW.response,
        end: { state: 'broken', atMs: 200_000, error: { kind: 'server_error', message: 'cut', status: 502 } },
      },
    }
    const response = cassetteResponse(broken, 'instant', new AbortController().signal)
    const chunks: string[] = []
    const failure = await (async () => {
      try {
        for await (const chunk of response.chunks()) chunks.push(chunk)
      } catch (error) {
        return error
      }
    })()
    expect(chunks).toHaveLength(1)
    expect(failure).toBeInstanceOf(GatewayError)
    expect(failure).toMatchObject({ kind: 'server_error', message: 'cut', status: 502 })
  })

  it('stops waiting when the client leaves', async () => {
    const controller = new AbortController()
    const chunks = read(cassetteResponse(SLOW, 1, controller.signal))
    controller.abort()
    expect(await chunks).toEqual([])
  })

  it('gives a JSON body back as text, and the recorded status and headers', async () => {
    const whole: Cassette = {
      ...SLOW,
      response: {
        status: 429,
        headers: { 'retry-after': '3' },
        body: { error: { message: 'slow' } },
        end: { state: 'ended', atMs: 90_000 },
      },
    }
    const response = cassetteResponse(whole, 'instant', new AbortController().signal)
    expect(response.status).toBe(429)
    expect(response.header('Retry-After')).toBe('3')
    expect(JSON.parse(await response.text())).toEqual({ error: { message: 'slow' } })
  })
})
