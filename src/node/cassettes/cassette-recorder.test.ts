import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cassetteHash } from './cassette-hash'
import { createCassetteRecorder } from './cassette-recorder'
import { SAMPLE_REQUEST } from './__fixtures__/sample-cassette'

const KEY = 'sk-CANARY-0f8e2c1a-5b7d-4e3f-9a6b-1c2d3e4f5a6b'
const STREAM = [
  'event: message_start\ndata: {"type":"message_start"}\n\n',
  ': ping\n\n',
  'data: {"choices":[{"delta":{"content":"Hé ✓"}}]}\n\n',
  'id: 7\ndata: line one\ndata: line two\n\n',
  'data: [DONE]\n\n',
]

function recorder(clock: { t: number }, secrets: string[] = [KEY]) {
  return createCassetteRecorder({
    request: SAMPLE_REQUEST,
    upstream: { dialect: 'openai-chat', url: `https://u:${KEY}@up.example/v1/chat/completions?key=${KEY}` },
    recordedBy: 'gateway',
    secrets,
    now: () => clock.t,
    startedAt: 0,
  })
}

describe('createCassetteRecorder', () => {
  it('keeps every event, cut into chunks anywhere, with the arrival time of the chunk that completed it', () => {
    const text = STREAM.join('')
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), text.length]
        const clock = { t: 0 }
        const r = recorder(clock)
        for (let i = 0; i + 1 < points.length; i++) {
          clock.t = points[i + 1] as number
          r.chunk(text.slice(points[i], points[i + 1]))
        }
        const events = r.end('ended').response.events ?? []
        expect(events.map(({ atMs: _atMs, ...e }) => e)).toEqual([
          { event: 'message_start', data: '{"type":"message_start"}' },
          { data: '{"choices":[{"delta":{"content":"Hé ✓"}}]}' },
          { id: '7', data: 'line one\nline two' },
          // SSE's last event id carries over to the events after it, as a client's parser sees them.
          { id: '7', data: '[DONE]' },
        ])
        // Each event is timed at the chunk holding its last byte (the clock runs with the offset).
        const ends = [STREAM[0], STREAM[0]! + STREAM[1]! + STREAM[2]!, STREAM.slice(0, 4).join(''), text].map(
          (s) => s!.length,
        )
        events.forEach((event, i) => expect(event.atMs).toBe(points.find((p) => p >= ends[i]!)))
      }),
    )
  })

  it('keeps no spelling of the key: not in events, headers, bodies, errors, the URL or the request', () => {
    const clock = { t: 5 }
    const request = { ...SAMPLE_REQUEST, system: `my key is ${KEY}` }
    const r = createCassetteRecorder({
      request,
      upstream: { dialect: 'openai-chat', url: `https://up.example/v1/chat?key=${KEY}`, model: KEY },
      recordedBy: 'eval',
      secrets: [KEY],
      now: () => clock.t,
      startedAt: 0,
    })
    r.head(200, {
      'x-request-id': KEY,
      authorization: 'Bearer x',
      'set-cookie': ['a=1', 'b=2'],
      'x-session-token': 'abc',
      date: 'Thu',
      'x-echo': Buffer.from(KEY).toString('base64'),
    })
    r.chunk(`event: ${KEY}\ndata: {"t":"${KEY.replace(/-/g, '\\u002d')} ${encodeURIComponent(KEY)}"}\n\n`)
    r.body(`{"error":"${KEY}"}`)
    const cassette = r.end('broken', { kind: 'server_error', message: `broke with ${KEY}` })
    const text = JSON.stringify(cassette)
    // Every spelling, and every 12-character piece (the full check with hostile servers is the canary integration test).
    const forms = [KEY, encodeURIComponent(KEY), Buffer.from(KEY).toString('base64').slice(4, -4)]
    for (let i = 0; i + 12 <= KEY.length; i++) forms.push(KEY.slice(i, i + 12))
    expect(forms.filter((form) => text.includes(form))).toEqual([])
    expect(Object.keys(cassette.response.headers).sort()).toEqual(['x-echo', 'x-request-id'])
    expect(cassette.upstream.url).toBe('https://up.example/v1/chat')
    expect(cassette.request.system).toBe('my key is [redacted]')
    // The hash is of the request as sent, so the same request matches it at replay.
    expect(cassette.hash).toBe(cassetteHash(request))
    expect(cassette.response.end).toEqual({
      state: 'broken',
      atMs: 5,
      error: { kind: 'server_error', message: 'broke with [redacted]' },
    })
  })

  it('keeps a JSON body parsed and any other body as text', () => {
    const json = recorder({ t: 0 })
    json.body('{"a":[1,2]}')
    expect(json.end('ended').response.body).toEqual({ a: [1, 2] })
    const plain = recorder({ t: 0 })
    plain.body('<html>bad gateway</html>')
    const response = plain.end('ended').response
    expect(response.body).toBeUndefined()
    expect(response.bodyText).toBe('<html>bad gateway</html>')
  })
})
