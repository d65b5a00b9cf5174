import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseCassetteText } from '@node/cassettes/cassette-file'
import { openCassetteLibrary } from '@node/cassettes/cassette-library'
import { createRecordingFetch } from './recording-fetch'
import { createReplayingFetch } from './replaying-fetch'

const URL_CHAT = 'http://127.0.0.1:9/v1/chat/completions'
const KEY = 'sk-cassette-fetch-unit-key-3c9a'
const body = (text: string, stream = true) =>
  new TextEncoder().encode(
    JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: text }] }),
  )
const FRAMES = ['data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n', 'data: [DONE]\n\n']

/** A server that answers with `frames` (then breaks, when `breakAfter`), as fetch would hand it over. */
function serverFetch(
  frames: string[],
  options: { breakAfter?: boolean; status?: number } = {},
): typeof fetch {
  return async () => {
    let i = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const frame = frames[i++]
        if (frame !== undefined) controller.enqueue(new TextEncoder().encode(frame))
        else if (options.breakAfter === true) controller.error(new TypeError('terminated'))
        else controller.close()
      },
    })
    return new Response(stream, {
      status: options.status ?? 200,
      headers: { 'content-type': 'text/event-stream', 'set-cookie': `s=${KEY}`, 'x-request-id': 'req_1' },
    })
  }
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cassette-fetch-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function record(server: typeof fetch, text: string): Promise<string> {
  const recording = createRecordingFetch({
    fetch: server,
    dir,
    secrets: () => [KEY],
    recordedBy: 'eval',
    report: () => undefined,
  })
  try {
    const response = await recording.fetch(URL_CHAT, {
      method: 'POST',
      body: body(text),
      headers: { authorization: `Bearer ${KEY}` },
    })
    return await response.text().catch((error: Error) => `broke: ${error.message}`)
  } finally {
    await recording.settled()
  }
}

async function onlyCassette() {
  const [name] = await readdir(dir)
  return parseCassetteText(await readFile(join(dir, name as string), 'utf8'), name as string)
}

describe('recording and replaying fetch', () => {
  it('the reader gets the bytes that arrived; the cassette keeps each event, the head without credentials, and the end', async () => {
    expect(await record(serverFetch(FRAMES), 'hello')).toBe(FRAMES.join(''))
    const cassette = await onlyCassette()
    expect(cassette.recordedBy).toBe('eval')
    expect(cassette.upstream).toEqual({ dialect: 'openai-chat', url: URL_CHAT })
    expect(cassette.response.events?.map((e) => e.data)).toEqual([
      '{"choices":[{"index":0,"delta":{"content":"Hi"}}]}',
      '[DONE]',
    ])
    expect(cassette.response.headers).toEqual({
      'content-type': 'text/event-stream',
      'x-request-id': 'req_1',
    })
    expect(cassette.response.end.state).toBe('ended')

    const replayed = await createReplayingFetch(openCassetteLibrary(dir))(URL_CHAT, {
      method: 'POST',
      body: body('hello'),
    })
    expect(replayed.status).toBe(200)
    expect(replayed.headers.get('x-request-id')).toBe('req_1')
    expect(await replayed.text()).toBe(FRAMES.join(''))
  })

  it('a stream that broke is recorded as broken and breaks again after the same events', async () => {
    expect(await record(serverFetch(FRAMES.slice(0, 1), { breakAfter: true }), 'cut')).toMatch(/^broke/)
    expect((await onlyCassette()).response.end).toMatchObject({
      state: 'broken',
      error: { message: 'terminated' },
    })

    const replayed = await createReplayingFetch(openCassetteLibrary(dir))(URL_CHAT, {
      method: 'POST',
      body: body('cut'),
    })
    const reader = (replayed.body as ReadableStream<Uint8Array>).getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(FRAMES[0])
    await expect(reader.read()).rejects.toThrow('terminated')
  })

  it('no response at all is recorded as failed and fails again as fetch fails', async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'))
    expect(await record(refused, 'nobody').catch((error: Error) => error.message)).toBe('fetch failed')
    expect((await onlyCassette()).response).toMatchObject({ end: { state: 'failed' } })
    await expect(
      createReplayingFetch(openCassetteLibrary(dir))(URL_CHAT, { method: 'POST', body: body('nobody') }),
    ).rejects.toThrow('fetch failed')
  })

  it('a request without a cassette gets a 404 of its dialect naming the closest cassette; other requests are refused', async () => {
    await record(serverFetch(FRAMES), 'hello')
    const replaying = createReplayingFetch(openCassetteLibrary(dir))
    const miss = await replaying(URL_CHAT, { method: 'POST', body: body('hello, again') })
    expect(miss.status).toBe(404)
    const error = (await miss.json()) as { error: { code: string; message: string } }
    expect(error.error.code).toBe('not_found')
    expect(error.error.message).toMatch(
      /No cassette matched .* The closest is [0-9a-f]{16}\.openai-chat\.json, which differs in messages\[0\]/,
    )
    await expect(replaying('http://127.0.0.1:9/v1/models')).rejects.toThrow(
      'Replay answers chat requests only',
    )
  })

  it('keeps no spelling of the key: not in the request, the headers or the events', async () => {
    await record(
      serverFetch([`data: {"choices":[{"index":0,"delta":{"content":"${KEY}"}}]}\n\n`]),
      `my key ${KEY}`,
    )
    const [name] = await readdir(dir)
    const text = await readFile(join(dir, name as string), 'utf8')
    expect(text).toContain('[redacted]')
    expect(text).not.toContain(KEY)
  })
})
