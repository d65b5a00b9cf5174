import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '@shared/chat/errors'
import { readJsonBody } from './read-json-body'

function request(body: string | Uint8Array, headers: IncomingMessage['headers']): IncomingMessage {
  const stream = Readable.from([Buffer.from(body)]) as unknown as IncomingMessage
  stream.headers = headers
  return stream
}

const JSON_TYPE = { 'content-type': 'application/json' }

// The reading itself is tested in src/node/http/read-capped-json-body.test.ts; here, what the
// gateway's clients are told (the route encodes the GatewayError in their dialect).
describe('readJsonBody (gateway)', () => {
  it('answers each way a body can be wrong with the error kind the dialects encode', async () => {
    const failures: Array<[IncomingMessage, string, RegExp]> = [
      [request('{}', { 'content-type': 'text/plain' }), 'unsupported_media_type', /got "text\/plain"/],
      [request('{"a":"' + 'x'.repeat(64) + '"}', JSON_TYPE), 'request_too_large', /limit of 32 bytes/],
      [request(new Uint8Array(), JSON_TYPE), 'invalid_request', /empty/],
      [request(new Uint8Array([0x7b, 0xff, 0x7d]), JSON_TYPE), 'invalid_request', /not valid UTF-8/],
      [request('{"a":', JSON_TYPE), 'invalid_request', /not valid JSON: /],
    ]
    for (const [incoming, kind, message] of failures) {
      const error = await readJsonBody(incoming, 32).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(GatewayError)
      expect(error).toMatchObject({ kind, message: expect.stringMatching(message) })
    }
    expect(
      await readJsonBody(request('{"model":"m"}', { 'content-type': 'application/x+json' }), 32),
    ).toEqual({
      model: 'm',
    })
  })
})
