import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readInvokeBody } from './read-invoke-body'

function request(body: string | Uint8Array, contentType = 'application/json'): IncomingMessage {
  const stream = Readable.from(body.length === 0 ? [] : [Buffer.from(body)]) as unknown as IncomingMessage
  stream.headers = { 'content-type': contentType }
  return stream
}

// The reading itself is tested in src/node/http/read-capped-json-body.test.ts (and every refusal over
// real HTTP in create-browser-host.test.ts); here, what only the invoke body means.
describe('readInvokeBody', () => {
  it('takes an empty body as the input of a channel without one', async () => {
    expect(await readInvokeBody(request(''), 64)).toEqual({ ok: true, input: undefined })
  })

  it('refuses the +json family a page could not send anyway, and bytes that are not UTF-8', async () => {
    expect(await readInvokeBody(request('{}', 'application/vnd.x+json'), 64)).toMatchObject({
      ok: false,
      refusal: { status: 415, code: 'unsupported_media_type' },
    })
    expect(await readInvokeBody(request(new Uint8Array([0x22, 0xff, 0x22])), 64)).toEqual({
      ok: false,
      refusal: { status: 400, code: 'invalid_json', message: 'The request body is not valid UTF-8.' },
    })
  })
})
