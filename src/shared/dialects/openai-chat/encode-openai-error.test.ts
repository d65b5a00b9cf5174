import { describe, expect, it } from 'vitest'
import { GATEWAY_ERROR_KINDS, GatewayError, type GatewayErrorKind } from '../../chat/errors'
import { encodeOpenaiError } from './encode-openai-error'
import { parseOpenaiError } from './parse-openai-error'

const TABLE: Record<GatewayErrorKind, [number, string, string | null]> = {
  invalid_request: [400, 'invalid_request_error', null],
  authentication: [401, 'invalid_request_error', 'invalid_api_key'],
  permission: [403, 'permission_error', null],
  not_found: [404, 'invalid_request_error', 'not_found'],
  model_not_found: [404, 'invalid_request_error', 'model_not_found'],
  method_not_allowed: [405, 'invalid_request_error', 'method_not_allowed'],
  request_too_large: [413, 'invalid_request_error', 'request_too_large'],
  unsupported_media_type: [415, 'invalid_request_error', 'unsupported_media_type'],
  context_length_exceeded: [400, 'invalid_request_error', 'context_length_exceeded'],
  rate_limit: [429, 'requests', 'rate_limit_exceeded'],
  server_error: [500, 'server_error', null],
  overloaded: [503, 'server_error', 'overloaded'],
  timeout: [504, 'server_error', 'timeout'],
}

describe('encodeOpenaiError', () => {
  it.each(GATEWAY_ERROR_KINDS)('writes %s with its status, type and code, all four keys present', (kind) => {
    const [status, type, code] = TABLE[kind]
    const encoded = encodeOpenaiError(new GatewayError(kind, `about ${kind}`))
    expect(encoded).toEqual({
      status,
      body: {
        error: {
          message: `about ${kind}`,
          type,
          param: kind === 'context_length_exceeded' ? 'messages' : null,
          code,
        },
      },
    })
  })

  it('carries the param of a 400 and honours an explicit status', () => {
    expect(
      encodeOpenaiError(new GatewayError('invalid_request', 'temperature: too big', { param: 'temperature' }))
        .body,
    ).toEqual({
      error: {
        message: 'temperature: too big',
        type: 'invalid_request_error',
        param: 'temperature',
        code: null,
      },
    })
    expect(encodeOpenaiError(new GatewayError('server_error', 'injected', { status: 502 })).status).toBe(502)
  })

  it.each(GATEWAY_ERROR_KINDS)('is read back by parseOpenaiError as the same kind (%s)', (kind) => {
    const { status, body } = encodeOpenaiError(new GatewayError(kind, 'm'))
    expect(parseOpenaiError(status, JSON.stringify(body), 'req_1')).toMatchObject({
      status,
      kind,
      message: 'm',
      requestId: 'req_1',
    })
  })
})
