import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readCappedJsonBody, type JsonBodyOptions } from './read-capped-json-body'

const MAX = 1024 * 1024

/** A request whose body arrives as the given bytes, in chunks cut anywhere (even inside a character). */
function request(
  bytes: Uint8Array,
  cuts: number[] = [],
  headers: IncomingMessage['headers'] = { 'content-type': 'application/json' },
): IncomingMessage {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks: Buffer[] = []
  let from = 0
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(Buffer.from(bytes.subarray(from, point)))
    from = Math.max(from, point)
  }
  const stream = Readable.from(chunks) as unknown as IncomingMessage
  stream.headers = headers
  return stream
}

const utf8 = new TextEncoder()

/** Lone surrogates have no UTF-8 form (TextEncoder would write U+FFFD for them). */
const wellFormed = fc.string({ unit: 'grapheme', maxLength: 200 })

const OPTIONS: JsonBodyOptions = { maxBytes: MAX, acceptJsonSuffix: true }

describe('readCappedJsonBody', () => {
  it('reads any JSON text as it was sent, however its bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(wellFormed, fc.array(fc.nat()), async (text, cuts) => {
        const body = { model: 'm', text }
        expect(await readCappedJsonBody(request(utf8.encode(JSON.stringify(body)), cuts), OPTIONS)).toEqual({
          ok: true,
          value: body,
        })
      }),
    )
  })

  it('refuses bytes that are not UTF-8, wherever they are', async () => {
    // Bytes that can never appear in UTF-8, and a lead byte cut short by a quote.
    const invalid = fc.constantFrom([0xff], [0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82])
    await fc.assert(
      fc.asyncProperty(wellFormed, invalid, wellFormed, async (before, bad, after) => {
        const bytes = Buffer.concat([
          Buffer.from(`{"text":"${JSON.stringify(before).slice(1, -1)}`),
          Buffer.from(bad),
          Buffer.from(`${JSON.stringify(after).slice(1, -1)}"}`),
        ])
        expect(await readCappedJsonBody(request(bytes), OPTIONS)).toEqual({
          ok: false,
          problem: { kind: 'not_utf8' },
        })
      }),
    )
  })

  it('enforces the cap on the bytes received, whatever the length says or does not say', async () => {
    const big = utf8.encode(JSON.stringify({ text: 'x'.repeat(100) }))
    const options = { maxBytes: big.length - 1, acceptJsonSuffix: false }
    const tooLarge = { ok: false, problem: { kind: 'too_large' } }
    // No length: read until the cap is passed.
    expect(await readCappedJsonBody(request(big, [10, 50]), options)).toEqual(tooLarge)
    // A length over the cap: refused before any byte is read.
    let touched = false
    const declared = new Readable({
      read() {
        touched = true
        this.push(null)
      },
    }) as unknown as IncomingMessage
    declared.headers = { 'content-type': 'application/json', 'content-length': String(big.length) }
    expect(await readCappedJsonBody(declared, options)).toEqual(tooLarge)
    expect(touched).toBe(false)
    // A lying small length does not help either.
    const lying = request(big, [], { 'content-type': 'application/json', 'content-length': '2' })
    expect(await readCappedJsonBody(lying, options)).toEqual(tooLarge)
    // Exactly the cap is fine.
    expect(await readCappedJsonBody(request(big), { ...options, maxBytes: big.length })).toMatchObject({
      ok: true,
    })
  })

  it('reads JSON media types only; the +json family only when asked', async () => {
    const body = utf8.encode('{"a":1}')
    const withType = (type: string | undefined, acceptJsonSuffix: boolean) =>
      readCappedJsonBody(request(body, [], type === undefined ? {} : { 'content-type': type }), {
        maxBytes: MAX,
        acceptJsonSuffix,
      })
    expect(await withType('Application/JSON; charset=utf-8', false)).toEqual({ ok: true, value: { a: 1 } })
    expect(await withType('application/vnd.api+json', true)).toEqual({ ok: true, value: { a: 1 } })
    expect(await withType('application/vnd.api+json', false)).toEqual({
      ok: false,
      problem: { kind: 'unsupported_media_type', mediaType: 'application/vnd.api+json' },
    })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      expect(await withType(type, true)).toMatchObject({
        ok: false,
        problem: { kind: 'unsupported_media_type' },
      })
    }
  })

  it('tells an empty body and a body that is not JSON apart', async () => {
    expect(await readCappedJsonBody(request(new Uint8Array()), OPTIONS)).toEqual({
      ok: false,
      problem: { kind: 'empty' },
    })
    expect(await readCappedJsonBody(request(utf8.encode('{"a":')), OPTIONS)).toMatchObject({
      ok: false,
      problem: { kind: 'not_json', detail: expect.any(String) },
    })
  })
})
