import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../shared/chat/errors'
import { readJsonBody } from './read-json-body'

const MAX = 1024 * 1024

/** A request whose body arrives as the given bytes, in chunks cut anywhere (even inside a character). */
function request(bytes: Uint8Array, cuts: number[] = []): IncomingMessage {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks: Buffer[] = []
  let from = 0
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(Buffer.from(bytes.subarray(from, point)))
    from = Math.max(from, point)
  }
  const stream = Readable.from(chunks) as unknown as IncomingMessage
  stream.headers = { 'content-type': 'application/json' }
  return stream
}

const utf8 = new TextEncoder()

/** Lone surrogates have no UTF-8 form (TextEncoder would write U+FFFD for them). */
const wellFormed = fc.string({ unit: 'grapheme', maxLength: 200 })

describe('readJsonBody', () => {
  it('reads any JSON text as it was sent, however its bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(wellFormed, fc.array(fc.nat()), async (text, cuts) => {
        const body = { model: 'm', text }
        expect(await readJsonBody(request(utf8.encode(JSON.stringify(body)), cuts), MAX)).toEqual(body)
      }),
    )
  })

  it('refuses bytes that are not UTF-8 with a 400, wherever they are', async () => {
    // Bytes that can never appear in UTF-8, and a lead byte cut short by a quote.
    const invalid = fc.constantFrom([0xff], [0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82])
    await fc.assert(
      fc.asyncProperty(wellFormed, invalid, wellFormed, async (before, bad, after) => {
        const bytes = Buffer.concat([
          Buffer.from(`{"text":"${JSON.stringify(before).slice(1, -1)}`),
          Buffer.from(bad),
          Buffer.from(`${JSON.stringify(after).slice(1, -1)}"}`),
        ])
        const error = await readJsonBody(request(bytes), MAX).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(GatewayError)
        expect((error as GatewayError).kind).toBe('invalid_request')
        expect((error as GatewayError).message).toMatch(/not valid UTF-8/)
      }),
    )
  })
})
