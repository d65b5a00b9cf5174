import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HttpRequest } from './http-request'
import { toAsciiJson } from './json-ascii'
import {
  requestBodyBytes,
  requestBodyHead,
  requestBodyLength,
  withHeaders,
  withJsonBody,
} from './json-request-body'

const HEAD = { method: 'POST', url: 'http://127.0.0.1:1/v1/chat/completions', headers: { a: '1' } } as const
const utf8 = new TextEncoder()

/** Texts of any alphabet (lone surrogates too), some past the 1,024 characters whose literals are kept. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.integer({ min: 130, max: 400 }))
    .map(([piece, times]) => piece.repeat(times)),
)
/** What dialects send: a chat body with turns, parameters and any JSON beside them. */
const chatBody = fc.record({
  model: fc.string(),
  messages: fc.array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: text }), {
    maxLength: 6,
  }),
  max_tokens: fc.integer(),
  extra: fc.jsonValue({ maxDepth: 3 }),
})

type Read = 'text' | 'bytes' | 'head' | 'length'

/**
 * `expect(actual).toEqual(expected)` for bytes, compared with one memcmp first: toEqual walks a typed
 * array an element at a time, which made this file's properties run past their timeout on a busy
 * machine. A difference still fails through toEqual, with its diff.
 */
function expectSameBytes(actual: Uint8Array | undefined, expected: Uint8Array | undefined): void {
  if (actual !== undefined && expected !== undefined && Buffer.compare(actual, expected) === 0) return
  expect(actual).toEqual(expected)
}

describe('a JSON request body read in parts', () => {
  it('gives the very bytes, length and head of its text, in whatever order they are read', () => {
    fc.assert(
      fc.property(
        chatBody,
        fc.array(fc.constantFrom<Read>('text', 'bytes', 'head', 'length'), { minLength: 1, maxLength: 5 }),
        fc.nat(),
        (body, reads, headAt) => {
          const expected = toAsciiJson(body)
          const chars = headAt % (expected.length + 2)
          const request = withJsonBody(HEAD, body)
          for (const read of reads) {
            if (read === 'text') expect(request.body).toBe(expected)
            if (read === 'bytes') expectSameBytes(requestBodyBytes(request), utf8.encode(expected))
            if (read === 'head') expect(requestBodyHead(request, chars)).toBe(expected.slice(0, chars))
            if (read === 'length') expect(requestBodyLength(request)).toBe(expected.length)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('keeps its body, and the way it is read, through withHeaders; the original keeps its headers', () => {
    fc.assert(
      fc.property(chatBody, fc.dictionary(fc.string(), fc.string()), (body, headers) => {
        const request = withJsonBody(HEAD, body)
        const copy = withHeaders(request, headers)
        expect(copy.headers).toEqual(headers)
        expect(request.headers).toEqual(HEAD.headers)
        expect({ method: copy.method, url: copy.url }).toEqual({ method: HEAD.method, url: HEAD.url })
        expectSameBytes(requestBodyBytes(copy), utf8.encode(toAsciiJson(body)))
        expect(copy.body).toBe(request.body)
      }),
      { numRuns: 100 },
    )
  })

  it('reads any other body from its string (UTF-8, a lone surrogate as U+FFFD), and no body as none', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), fc.nat(), (body, chars) => {
        const request: HttpRequest = { ...HEAD, ...(body === undefined ? {} : { body }) }
        expectSameBytes(requestBodyBytes(request), body === undefined ? undefined : utf8.encode(body))
        expect(requestBodyLength(request)).toBe(body?.length)
        expect(requestBodyHead(request, chars)).toBe(body?.slice(0, chars))
        const copy = withHeaders(request, { b: '2' })
        expect(copy).toEqual({ ...request, headers: { b: '2' } })
      }),
    )
  })
})
