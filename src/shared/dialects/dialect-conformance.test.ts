import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { arbitraryChunking, splitEvery, utf8 } from '@test/support/chunking'
import { framesFromParts, partsFromChunks, sseText } from '@test/support/stream-parts'
import type { ChatRequest } from '../chat/chat-request'
import type { ChatResult } from '../chat/chat-result'
import { GATEWAY_ERROR_KINDS, GatewayError } from '../chat/errors'
import { reduceStreamParts } from '../chat/reduce-stream-part'
import type { StreamPart } from '../chat/stream-part'
import type { Target } from '../http/http-request'
import {
  MINIMAL_REQUEST,
  portableRequest,
  portableStream,
  requestWithReasoningAndCache,
} from './__fixtures__/portable-arbitraries'
import type { Dialect, EncodeContext } from './dialect'
import { dialectList, dialects } from './index'

/**
 * What EVERY dialect in the registry must do, whatever its wire format: a third dialect is one
 * folder and one registry line, and this suite runs on it with no test written for it. Each
 * property pairs the dialect's client half with its own server half, so a gateway of the dialect
 * and a client of it agree. Wire details (field names, exact frames) are tested in each folder.
 */

const TARGET: Target = { baseUrl: 'http://127.0.0.1:8787/v1', apiKey: 'sk-conformance-0123' }

function contextFor(dialect: Dialect): EncodeContext {
  return {
    id: `${dialect.messageIdPrefix}conformance01`,
    model: 'vendorb3.8-Flash-Next',
    created: 1_750_000_000,
    includeUsage: true,
  }
}

/** The body a client of the dialect sends, as a gateway of the dialect reads it. */
function sendAndDecode(dialect: Dialect, request: ChatRequest) {
  const built = dialect.buildRequest(request, TARGET)
  const decoded = dialect.decodeRequest(JSON.parse(built.http.body ?? ''))
  return { built, decoded }
}

function wireOf(dialect: Dialect, parts: readonly StreamPart[], options: { end?: boolean } = {}): Uint8Array {
  return utf8(sseText(framesFromParts(dialect.encodeStream(contextFor(dialect)), parts, options)))
}

const textOf = (result: ChatResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
/** The messages with every cache breakpoint taken out. */
const withoutCache = (messages: ChatRequest['messages']): unknown =>
  JSON.parse(JSON.stringify(messages, (key, value: unknown) => (key === 'cache' ? undefined : value)))
const reasoningOf = (result: ChatResult): string =>
  result.content.map((part) => (part.type === 'reasoning' ? part.text : '')).join('')
const toolCallsOf = (result: ChatResult) =>
  result.content.flatMap((part) =>
    part.type === 'tool-call' ? [{ id: part.id, name: part.name, arguments: part.arguments }] : [],
  )

describe('the registry', () => {
  it('files each dialect under its own id, with a path no other dialect uses', () => {
    for (const [id, dialect] of Object.entries(dialects)) expect(dialect.id).toBe(id)
    // The gateway routes by path: two dialects on one path would send one's clients to the other.
    const paths = dialectList.map((dialect) => dialect.path)
    expect(new Set(paths).size).toBe(paths.length)
  })
})

describe.each(dialectList)('dialect $id', (dialect) => {
  describe('request: client build → gateway decode', () => {
    it('carries any portable request unchanged; it only adds defaults, and says which', () => {
      fc.assert(
        fc.property(portableRequest, (request) => {
          const { built, decoded } = sendAndDecode(dialect, request)
          const expected: Record<string, unknown> = { ...request }
          const actual: Record<string, unknown> = { ...decoded }
          for (const adjustment of built.adjustments) {
            expect(adjustment.action, adjustment.detail).toBe('defaulted')
            delete expected[adjustment.param]
            delete actual[adjustment.param]
          }
          expect(actual).toEqual(expected)
        }),
        { numRuns: 200 },
      )
    })

    it('carries reasoning and cache settings, or says in its adjustments what it converted or dropped', () => {
      fc.assert(
        fc.property(requestWithReasoningAndCache, (request) => {
          const { built, decoded } = sendAndDecode(dialect, request)
          const said = new Set(built.adjustments.map((adjustment) => adjustment.param))
          for (const adjustment of built.adjustments) {
            expect(['defaulted', 'converted', 'dropped'], adjustment.detail).toContain(adjustment.action)
          }
          if (!said.has('reasoning')) expect(decoded.reasoning).toEqual(request.reasoning)
          if (!said.has('promptCacheKey')) expect(decoded.promptCacheKey).toEqual(request.promptCacheKey)
          if (said.has('cache')) {
            // Dropped breakpoints are all that differ.
            expect(withoutCache(decoded.messages)).toEqual(withoutCache(request.messages))
          } else {
            expect(decoded.messages).toEqual(request.messages)
            expect(decoded.tools).toEqual(request.tools)
            expect(decoded.systemCache).toEqual(request.systemCache)
          }
        }),
        { numRuns: 200 },
      )
    })

    it('posts to its path under the base URL, in printable ASCII, with the key where its gateway looks', () => {
      fc.assert(
        fc.property(portableRequest, (request) => {
          const { http } = dialect.buildRequest(request, TARGET)
          expect(http.method).toBe('POST')
          expect(http.url).toBe(`${TARGET.baseUrl}${dialect.path}`)
          expect(http.body).toMatch(/^[\x20-\x7e]*$/)
          const headers = new Map(
            Object.entries(http.headers).map(([name, value]) => [name.toLowerCase(), value]),
          )
          const header = (name: string) => headers.get(name.toLowerCase())
          expect(dialect.readApiKey(header)).toBe(TARGET.apiKey)
          expect(() => dialect.checkHeaders(header)).not.toThrow()
        }),
        { numRuns: 50 },
      )
    })
  })

  it('writes the body when it is first read, and once (the adjustments alone cost no serializing)', () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      const { http } = dialect.buildRequest(MINIMAL_REQUEST, TARGET)
      const built = stringify.mock.calls.length
      const body = http.body
      const read = stringify.mock.calls.length
      expect(read).toBeGreaterThan(built)
      expect(http.body).toBe(body)
      expect(JSON.parse(JSON.stringify(http))).toEqual({ ...http, body })
      expect(stringify.mock.calls.length).toBe(read + 1)
    } finally {
      stringify.mockRestore()
    }
  })

  describe('parameter clamps', () => {
    const probe = (param: 'temperature' | 'topP', value: number) => {
      const { built, decoded } = sendAndDecode(dialect, { ...MINIMAL_REQUEST, [param]: value })
      return { sent: decoded[param], adjustments: built.adjustments.filter((a) => a.param === param) }
    }
    const anyNumber = fc.double({ min: -10, max: 10, noNaN: true }).map((x) => x + 0)

    it.each(['temperature', 'topP'] as const)(
      'sends %s as asked or clamped into its range, never silently, the same way every time',
      (param) => {
        fc.assert(
          fc.property(anyNumber, anyNumber, (a, b) => {
            const first = probe(param, a)
            if (first.sent === a) {
              expect(first.adjustments).toEqual([])
            } else {
              expect(first.adjustments).toHaveLength(1)
              expect(first.adjustments[0]?.action).toBe('clamped')
              expect(first.adjustments[0]?.detail).toContain(`${a} clamped to ${first.sent}`)
            }
            // A clamped value is in range: sent again, it passes untouched.
            const again = probe(param, first.sent as number)
            expect(again).toEqual({ sent: first.sent, adjustments: [] })
            // Clamping keeps the order of values (a bigger ask never sends a smaller value).
            const second = probe(param, b)
            if (a <= b) expect(first.sent as number).toBeLessThanOrEqual(second.sent as number)
          }),
          { numRuns: 200 },
        )
      },
    )

    it.each(['temperature', 'topP'] as const)('never clamps a %s between 0 and 1', (param) => {
      fc.assert(
        fc.property(
          fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x + 0),
          (value) => {
            expect(probe(param, value)).toEqual({ sent: value, adjustments: [] })
          },
        ),
      )
    })
  })

  describe('stream: gateway encode → client parse', () => {
    it('parses its own stream to the same parts however the bytes are split', () => {
      const wired = portableStream.chain((stream) => {
        const bytes = wireOf(dialect, stream.parts)
        return fc.tuple(fc.constant(bytes), arbitraryChunking(bytes))
      })
      fc.assert(
        fc.property(wired, ([bytes, chunks]) => {
          const whole = partsFromChunks(dialect.parseStream(), [bytes])
          expect(partsFromChunks(dialect.parseStream(), chunks)).toEqual(whole)
          expect(partsFromChunks(dialect.parseStream(), splitEvery(bytes, 1))).toEqual(whole)
        }),
        { numRuns: 200 },
      )
    })

    it('delivers what the parts said: text, reasoning, tool calls, finish, usage, or the in-band error', () => {
      fc.assert(
        fc.property(portableStream, (stream) => {
          const result = reduceStreamParts(
            partsFromChunks(dialect.parseStream(), [wireOf(dialect, stream.parts)]),
          )
          expect(textOf(result)).toBe(stream.text)
          expect(reasoningOf(result)).toBe(stream.reasoning)
          expect(toolCallsOf(result)).toEqual(stream.toolCalls)
          if (stream.terminal === 'end') {
            expect(result.status).toBe('completed')
            expect(result.id).toBe(contextFor(dialect).id)
            expect(result.finish?.unified).toBe(stream.finish)
            if (stream.usage !== undefined) expect(result.usage).toMatchObject(stream.usage)
          } else {
            expect(result.status).toBe('provider_error')
            expect(result.error?.message).toBe(stream.errorMessage)
          }
        }),
        { numRuns: 200 },
      )
    })

    it('never shows a complete reply when the parts stop without an end (the upstream dropped)', () => {
      fc.assert(
        fc.property(portableStream, (stream) => {
          const cut = stream.parts.filter((part) => part.type !== 'end' && part.type !== 'error')
          const result = reduceStreamParts(partsFromChunks(dialect.parseStream(), [wireOf(dialect, cut)]))
          expect(result.status).toBe('provider_error')
          expect(textOf(result)).toBe(stream.text)
        }),
        { numRuns: 100 },
      )
    })

    // Before any frame but never after the terminal one: a gateway writes nothing after it.
    it('keep-alive frames anywhere in a stream change nothing its clients see', () => {
      fc.assert(
        fc.property(portableStream, fc.array(fc.nat(), { maxLength: 5 }), (stream, positions) => {
          const frames = framesFromParts(dialect.encodeStream(contextFor(dialect)), stream.parts)
          const withPings = [...frames]
          for (const position of positions)
            withPings.splice(position % withPings.length, 0, dialect.keepAlive())
          expect(partsFromChunks(dialect.parseStream(), [sseText(withPings)])).toEqual(
            partsFromChunks(dialect.parseStream(), [sseText(frames)]),
          )
        }),
        { numRuns: 100 },
      )
    })
  })

  describe('errors: gateway encode → client parse', () => {
    it('reads back every error with its status, message and request id, as a kind that re-encodes the same', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...GATEWAY_ERROR_KINDS),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
          fc.option(fc.stringMatching(/^req_[a-zA-Z0-9]{1,24}$/), { nil: undefined }),
          fc.option(fc.constantFrom('messages.0.content', 'temperature'), { nil: undefined }),
          (kind, message, requestId, param) => {
            const encoded = dialect.encodeError(
              new GatewayError(kind, message, param === undefined ? {} : { param }),
              requestId,
            )
            const parsed = dialect.parseError(encoded.status, JSON.stringify(encoded.body), requestId)
            expect(parsed.status).toBe(encoded.status)
            expect(parsed.message).toBe(message)
            expect(parsed.requestId).toBe(requestId)
            expect(parsed.kind).toBeDefined()
            // A gateway in front of a gateway of the same dialect passes the error on unchanged.
            const options = parsed.param == null ? {} : { param: parsed.param }
            const reencoded = dialect.encodeError(
              new GatewayError(parsed.kind ?? 'server_error', parsed.message, options),
              requestId,
            )
            expect(reencoded).toEqual(encoded)
          },
        ),
        { numRuns: 300 },
      )
    })
  })
})
