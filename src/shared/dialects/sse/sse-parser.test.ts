import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryChunking, splitEvery, utf8, withLineEndings } from '@test/support/chunking'
import { encodeSseFrame } from './sse-encode'
import type { SseMessage } from './sse-message'
import { createSseParser, parseSseText } from './sse-parser'

function parseChunks(chunks: Array<Uint8Array | string>): {
  events: SseMessage[]
  comments: string[]
  cut: boolean
} {
  const events: SseMessage[] = []
  const comments: string[] = []
  const parser = createSseParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) })
  for (const chunk of chunks) parser.feed(chunk)
  const cut = parser.end()
  return { events, comments, cut }
}

const SAMPLE = [
  ': keep-alive comment',
  '',
  'event: message_start',
  'data: {"type":"message_start","text":"wörld 👋"}',
  '',
  'data: first line',
  'data: second line',
  '',
  'event: ping',
  'data: {"type":"ping"}',
  '',
  'data:no-space',
  'id: 7',
  'retry: 1000',
  'unknownfield: x',
  '',
  'data: [DONE]',
  '',
  '',
].join('\n')

const EXPECTED: SseMessage[] = [
  { event: 'message_start', data: '{"type":"message_start","text":"wörld 👋"}' },
  { data: 'first line\nsecond line' },
  { event: 'ping', data: '{"type":"ping"}' },
  { data: 'no-space', id: '7' },
  { data: '[DONE]', id: '7' },
]

describe('createSseParser', () => {
  it('parses events, comments, multi-line data, ids and ignores unknown fields', () => {
    const { events, comments, cut } = parseChunks([SAMPLE])
    expect(events).toEqual(EXPECTED)
    expect(comments).toEqual(['keep-alive comment'])
    expect(cut).toBe(false)
  })

  it.each(['\n', '\r\n', '\r'] as const)(
    'gives the same events with %j line endings, byte by byte',
    (ending) => {
      const bytes = utf8(withLineEndings(SAMPLE, ending))
      expect(parseChunks(splitEvery(bytes, 1)).events).toEqual(EXPECTED)
      expect(parseChunks(splitEvery(bytes, 3)).events).toEqual(EXPECTED)
    },
  )

  it('treats a CR at the end of one chunk and an LF at the start of the next as one line end', () => {
    const { events } = parseChunks(['data: a\r', '\n\r', '\ndata: b\r\n\r\n'])
    expect(events).toEqual([{ data: 'a' }, { data: 'b' }])
  })

  it('drops a leading byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('data: x\n\n')])
    expect(parseChunks(splitEvery(bytes, 1)).events).toEqual([{ data: 'x' }])
    expect(parseChunks(['\uFEFFdata: y\n\n']).events).toEqual([{ data: 'y' }])
  })

  it('keeps a U+FEFF that is not the first character, in any chunking', () => {
    const bytes = utf8('data: a\n\ndata: \uFEFFb\n\n')
    for (const size of [1, 2, 5, 64]) {
      expect(parseChunks(splitEvery(bytes, size)).events).toEqual([{ data: 'a' }, { data: '\uFEFFb' }])
    }
  })

  it('dispatches each event as soon as its blank line arrives, however the bytes are cut', () => {
    // Bytes without a line end are held, not lost or delayed past the next line end.
    const events: SseMessage[] = []
    const parser = createSseParser({ onEvent: (e) => events.push(e) })
    const bytes = utf8('data: 流式 👋\n\n')
    parser.feed(bytes.subarray(0, 8)) // cuts inside 流
    parser.feed(bytes.subarray(8, bytes.length - 1))
    expect(events).toEqual([])
    parser.feed(bytes.subarray(bytes.length - 1))
    expect(events).toEqual([{ data: '流式 👋' }])
  })

  it('decodes invalid or cut UTF-8 to U+FFFD, as a streaming TextDecoder does', () => {
    const invalid = new Uint8Array([...utf8('data: a'), 0xff, 0xe6, 0xb5, ...utf8('\n\n')])
    const expected = new TextDecoder().decode(invalid).slice('data: '.length, -2)
    for (const size of [1, 3, 64]) {
      expect(parseChunks(splitEvery(invalid, size)).events).toEqual([{ data: expected }])
    }
  })

  it('never dispatches an event that the stream cut before its blank line, and says it was cut', () => {
    const { events, cut } = parseChunks(['data: {"a":1}\n\ndata: {"b":'])
    expect(events).toEqual([{ data: '{"a":1}' }])
    expect(cut).toBe(true)
    const complete = parseChunks(['data: [DONE]\n'])
    expect(complete.events).toEqual([])
    expect(complete.cut).toBe(true)
  })

  it('dispatches nothing for blank lines alone or an event name without data', () => {
    expect(parseChunks(['\n\n\nevent: x\n\n']).events).toEqual([])
  })

  it('gives identical events under any re-chunking, across multi-byte characters and CRLF', () => {
    for (const ending of ['\n', '\r\n'] as const) {
      const bytes = utf8(withLineEndings(SAMPLE, ending))
      fc.assert(
        fc.property(arbitraryChunking(bytes), (chunks) => {
          expect(parseChunks(chunks).events).toEqual(EXPECTED)
        }),
        { numRuns: 300 },
      )
    }
  })

  it('parses a huge event in small byte chunks', () => {
    const payload = 'y'.repeat(4 * 1024 * 1024)
    const bytes = utf8('data: ' + payload + '\n\ndata: after\n\n')
    const { events } = parseChunks(splitEvery(bytes, 64))
    expect(events.map((event) => event.data.length)).toEqual([payload.length, 5])
  })

  it('parses a huge event in small chunks in time linear in its size', () => {
    // A ratio of two measurements, not a duration: 8× the bytes must cost about 8× the time. A parser
    // that rescans or copies its carried-over line on every chunk costs 64× (quadratic); 30 leaves
    // room for a loaded 2-core machine. Each small sample parses its event 8 times, so both samples
    // do the same work and meet the same noise; the fastest of several is the one least disturbed.
    const eventOf = (size: number) => {
      const text = 'data: ' + 'x'.repeat(size) + '\n\n'
      const chunks: string[] = []
      for (let i = 0; i < text.length; i += 64) chunks.push(text.slice(i, i + 64))
      return { size, chunks }
    }
    const timeToParse = (event: ReturnType<typeof eventOf>, times: number): number => {
      const started = performance.now()
      for (let i = 0; i < times; i++) {
        const { events } = parseChunks(event.chunks)
        expect(events).toHaveLength(1)
        expect(events[0]?.data.length).toBe(event.size)
      }
      return (performance.now() - started) / times
    }
    const small = eventOf(512 * 1024)
    const large = eventOf(8 * 512 * 1024)
    timeToParse(small, 8) // warm-up: the first runs pay for compilation
    const smallTimes: number[] = []
    const largeTimes: number[] = []
    for (let sample = 0; sample < 7; sample++) {
      smallTimes.push(timeToParse(small, 8))
      largeTimes.push(timeToParse(large, 1))
    }
    const ratio = Math.min(...largeTimes) / Math.min(...smallTimes)
    expect(ratio, `8× the bytes took ${ratio.toFixed(1)}× the time`).toBeLessThan(30)
  })
})

describe('encodeSseFrame', () => {
  it('round-trips arbitrary events through the parser', () => {
    const eventName = fc.stringMatching(/^[a-z_]{1,12}$/)
    fc.assert(
      fc.property(
        fc.array(fc.record({ event: fc.option(eventName, { nil: undefined }), data: fc.string() }), {
          maxLength: 8,
        }),
        (frames) => {
          const text = frames
            .map((f) =>
              encodeSseFrame(f.event === undefined ? { data: f.data } : { event: f.event, data: f.data }),
            )
            .join('')
          const parsed = parseSseText(text)
          // Lone CRs inside data become line breaks on the wire; the parser rejoins them with \n.
          expect(parsed).toEqual(
            frames.map((f) => ({
              ...(f.event === undefined ? {} : { event: f.event }),
              data: f.data.replace(/\r\n|\r/g, '\n'),
            })),
          )
        },
      ),
      { numRuns: 300 },
    )
  })

  it('writes comments as `: text` frames that parsers ignore', () => {
    expect(encodeSseFrame({ comment: 'ping' })).toBe(': ping\n\n')
    expect(parseSseText(encodeSseFrame({ comment: 'ping' }))).toEqual([])
  })
})
