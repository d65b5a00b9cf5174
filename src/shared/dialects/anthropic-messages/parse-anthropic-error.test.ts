import { describe, expect, it } from 'vitest'
import { bodyFixture as fixture } from './__fixtures__/load-anthropic-fixtures'
import { anthropicErrorForKind } from './map-anthropic-error-kind'
import { parseAnthropicError } from './parse-anthropic-error'

describe('parseAnthropicError', () => {
  it('reads the Messages error shape, with the request id from the header first', () => {
    expect(parseAnthropicError(400, fixture('error-invalid-request.json'), 'req_header')).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'max_tokens: Field required',
      requestId: 'req_header',
      kind: 'invalid_request',
    })
    expect(parseAnthropicError(529, fixture('error-overloaded.json'))).toEqual({
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      requestId: 'req_011OVL',
      kind: 'overloaded',
    })
  })

  it('reads an OpenAI-shaped body (a gateway of the other dialect in between), keeping code and param', () => {
    expect(parseAnthropicError(404, fixture('error-openai-shape.json'), 'req_1')).toEqual({
      status: 404,
      type: 'invalid_request_error',
      message: 'The model `nope` does not exist or you do not have access to it.',
      code: 'model_not_found',
      param: 'model',
      requestId: 'req_1',
      kind: 'not_found',
    })
  })

  it('turns an HTML page from a proxy into its title, typed by the status', () => {
    expect(parseAnthropicError(502, fixture('error-proxy.html'))).toEqual({
      status: 502,
      type: 'api_error',
      message: '502 Bad Gateway',
      kind: 'server_error',
    })
  })

  it('keeps plain text, and says so when the body is empty', () => {
    expect(parseAnthropicError(503, fixture('error-plain.txt'))).toMatchObject({
      type: 'overloaded_error',
      message: 'upstream connect error or disconnect/reset before headers. reset reason: overflow',
      kind: 'overloaded',
    })
    expect(parseAnthropicError(401, '')).toEqual({
      status: 401,
      type: 'authentication_error',
      message: 'HTTP 401 with an empty body.',
      kind: 'authentication',
    })
  })

  it('accepts the looser shapes compatible servers use', () => {
    expect(parseAnthropicError(429, '{"error":"slow down"}')).toMatchObject({
      type: 'rate_limit_error',
      message: 'slow down',
      kind: 'rate_limit',
    })
    expect(parseAnthropicError(500, '{"message":"boom","request_id":"req_9"}')).toMatchObject({
      type: 'api_error',
      message: 'boom',
      requestId: 'req_9',
    })
    expect(parseAnthropicError(400, '"just a string"').message).toBe('just a string')
    expect(parseAnthropicError(400, '{"error":{"code":42}}')).toMatchObject({
      code: '42',
      message: '{"error":{"code":42}}',
    })
  })

  it('caps a long non-JSON body', () => {
    const error = parseAnthropicError(500, 'x'.repeat(10_000))
    expect(error.message.length).toBeLessThanOrEqual(501)
  })

  it('gives a body that does not say the type its status means, and the kind of that same status', () => {
    for (let status = 400; status < 600; status++) {
      const error = parseAnthropicError(status, '')
      expect(error.kind).toBeDefined()
      if (status === 402) expect(error.type).toBe('billing_error')
      else if (error.kind !== undefined) expect(error.type).toBe(anthropicErrorForKind(error.kind).type)
    }
    expect(parseAnthropicError(408, '')).toMatchObject({ type: 'timeout_error', kind: 'timeout' })
    expect(parseAnthropicError(529, '')).toMatchObject({ type: 'overloaded_error', kind: 'overloaded' })
  })
})
