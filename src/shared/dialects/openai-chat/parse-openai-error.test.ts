import { describe, expect, it } from 'vitest'
import { bodyFixture } from './__fixtures__/load-openai-fixtures'
import { parseOpenaiError } from './parse-openai-error'

describe('parseOpenaiError', () => {
  it('reads an OpenAI 401 body and takes the request id from the header', () => {
    expect(parseOpenaiError(401, bodyFixture('error-invalid-api-key.json'), 'req_123')).toEqual({
      status: 401,
      type: 'invalid_request_error',
      message: 'Incorrect API key provided: sk-...abcd.',
      code: 'invalid_api_key',
      param: null,
      requestId: 'req_123',
      kind: 'authentication',
    })
  })

  it('keeps model_not_found and context_length_exceeded as their own kinds for re-encoding', () => {
    expect(parseOpenaiError(404, bodyFixture('error-model-not-found.json'))).toMatchObject({
      status: 404,
      code: 'model_not_found',
      kind: 'model_not_found',
      message: 'The model `gpt-9` does not exist or you do not have access to it.',
    })
    expect(parseOpenaiError(400, bodyFixture('error-context-length.json'))).toMatchObject({
      status: 400,
      param: 'messages',
      code: 'context_length_exceeded',
      kind: 'context_length_exceeded',
    })
  })

  it('takes the kind from the status when the code does not belong to it', () => {
    // `overloaded` is a 503 code in this dialect; on a 500 the status decides.
    const body = JSON.stringify({ error: { message: 'x', type: 'server_error', code: 'overloaded' } })
    expect(parseOpenaiError(500, body).kind).toBe('server_error')
    expect(parseOpenaiError(503, body).kind).toBe('overloaded')
  })

  it('reads param, rate limits and numeric codes', () => {
    expect(parseOpenaiError(400, bodyFixture('error-unsupported-parameter.json'))).toMatchObject({
      param: 'max_tokens',
      code: 'unsupported_parameter',
      kind: 'invalid_request',
    })
    expect(parseOpenaiError(429, bodyFixture('error-rate-limit.json'))).toMatchObject({
      type: 'requests',
      code: 'rate_limit_exceeded',
      kind: 'rate_limit',
    })
    expect(parseOpenaiError(404, bodyFixture('error-numeric-code.json'))).toEqual({
      status: 404,
      type: 'NotFoundError',
      message: 'The model `llama-4` does not exist.',
      code: '404',
      param: null,
      kind: 'not_found',
    })
  })

  it('reads a Messages-shaped body, with its request_id when no header gave one', () => {
    expect(parseOpenaiError(529, bodyFixture('error-anthropic-shape.json'))).toEqual({
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      code: null,
      param: null,
      requestId: 'req_011CSHoEeqs5C35K2UUqR7Fy',
      kind: 'overloaded',
    })
  })

  it('turns HTML and plain-text bodies into a readable message', () => {
    expect(parseOpenaiError(502, bodyFixture('error-bad-gateway.html'))).toEqual({
      status: 502,
      type: 'server_error',
      message: '502 Bad Gateway 502 Bad Gateway nginx/1.25.3',
      code: null,
      param: null,
      kind: 'server_error',
    })
    expect(parseOpenaiError(503, bodyFixture('error-plain.txt'))).toMatchObject({
      message:
        'upstream connect error or disconnect/reset before headers. reset reason: connection termination',
      kind: 'overloaded',
    })
  })

  it('says so when the body is empty, and cuts long text', () => {
    expect(parseOpenaiError(500, '').message).toBe('HTTP 500 with an empty body.')
    const long = parseOpenaiError(500, 'x'.repeat(5000)).message
    expect(long.length).toBeLessThan(400)
  })

  it('accepts {"error": "text"} and JSON that is not an error object', () => {
    expect(parseOpenaiError(400, '{"error":"bad things"}').message).toBe('bad things')
    expect(parseOpenaiError(400, '[1,2,3]')).toMatchObject({
      message: '[1,2,3]',
      type: 'invalid_request_error',
    })
    expect(parseOpenaiError(400, '{"error":{"message":{"detail":"nested"}}}').message).toBe(
      '{"detail":"nested"}',
    )
  })
})
