import { describe, expect, it } from 'vitest'
import { GATEWAY_ERROR_KINDS, GatewayError } from '../../chat/errors'
import type { GatewayErrorKind } from '../../chat/errors'
import { anthropicMessagesDialect } from './index'
import { parseAnthropicError } from './parse-anthropic-error'

const noQuery = (): undefined => undefined

describe('anthropicMessagesDialect', () => {
  it('identifies itself for the registry and the gateway routes', () => {
    expect(anthropicMessagesDialect).toMatchObject({
      id: 'anthropic-messages',
      label: 'Anthropic (messages)',
      path: '/messages',
      requestIdHeader: 'request-id',
      messageIdPrefix: 'msg_',
    })
  })

  it('keeps idle streams alive with a real ping event, which every client skips', () => {
    expect(anthropicMessagesDialect.keepAlive()).toEqual({ event: 'ping', data: '{"type":"ping"}' })
  })

  it('lists models in the Messages shape with RFC 3339 dates', () => {
    expect(
      anthropicMessagesDialect.encodeModelList(
        [
          {
            id: 'vendora-V4-Flash-Vision-Exp',
            displayName: 'vendora-V4-Flash-Vision-Exp',
            createdAt: new Date('2025-02-19T00:00:00Z'),
          },
          {
            id: 'vendorb3.8-Flash-Next',
            displayName: 'vendorb3.8-Flash-Next',
            createdAt: new Date('2025-03-01T12:30:00.250Z'),
          },
        ],
        noQuery,
      ),
    ).toEqual({
      data: [
        {
          type: 'model',
          id: 'vendora-V4-Flash-Vision-Exp',
          display_name: 'vendora-V4-Flash-Vision-Exp',
          created_at: '2025-02-19T00:00:00Z',
        },
        {
          type: 'model',
          id: 'vendorb3.8-Flash-Next',
          display_name: 'vendorb3.8-Flash-Next',
          created_at: '2025-03-01T12:30:00.250Z',
        },
      ],
      has_more: false,
      first_id: 'vendora-V4-Flash-Vision-Exp',
      last_id: 'vendorb3.8-Flash-Next',
    })
    expect(anthropicMessagesDialect.encodeModelList([], noQuery)).toEqual({
      data: [],
      has_more: false,
      first_id: null,
      last_id: null,
    })
  })

  it('pages the model list with limit, after_id and before_id as the API does', () => {
    const models = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, displayName: id, createdAt: new Date(0) }))
    const page = (query: Record<string, string>) => {
      const list = anthropicMessagesDialect.encodeModelList(models, (name) => query[name]) as {
        data: Array<{ id: string }>
        has_more: boolean
        first_id: string | null
        last_id: string | null
      }
      return {
        ids: list.data.map((m) => m.id),
        has_more: list.has_more,
        first: list.first_id,
        last: list.last_id,
      }
    }
    expect(page({ limit: '1' })).toEqual({ ids: ['a'], has_more: true, first: 'a', last: 'a' })
    expect(page({ limit: '2', after_id: 'b' })).toEqual({
      ids: ['c', 'd'],
      has_more: true,
      first: 'c',
      last: 'd',
    })
    expect(page({ limit: '2', after_id: 'd' })).toEqual({
      ids: ['e'],
      has_more: false,
      first: 'e',
      last: 'e',
    })
    expect(page({ limit: '2', before_id: 'd' })).toEqual({
      ids: ['b', 'c'],
      has_more: true,
      first: 'b',
      last: 'c',
    })
    expect(page({ limit: '5', before_id: 'c' })).toEqual({
      ids: ['a', 'b'],
      has_more: false,
      first: 'a',
      last: 'b',
    })
    expect(page({ after_id: 'nope' })).toEqual({ ids: [], has_more: false, first: null, last: null })
    expect(page({})).toEqual({ ids: ['a', 'b', 'c', 'd', 'e'], has_more: false, first: 'a', last: 'e' })
    for (const limit of ['0', '1001', 'ten', '-1', '1.5']) {
      expect(() => page({ limit })).toThrow(/limit/)
    }
    expect(() => page({ after_id: 'a', before_id: 'c' })).toThrow(/before_id/)
  })
})

describe('encodeError', () => {
  const TABLE: Record<GatewayErrorKind, [number, string]> = {
    invalid_request: [400, 'invalid_request_error'],
    authentication: [401, 'authentication_error'],
    permission: [403, 'permission_error'],
    not_found: [404, 'not_found_error'],
    model_not_found: [404, 'not_found_error'],
    method_not_allowed: [405, 'invalid_request_error'],
    request_too_large: [413, 'request_too_large'],
    unsupported_media_type: [415, 'invalid_request_error'],
    context_length_exceeded: [400, 'invalid_request_error'],
    rate_limit: [429, 'rate_limit_error'],
    server_error: [500, 'api_error'],
    overloaded: [529, 'overloaded_error'],
    timeout: [504, 'timeout_error'],
  }

  it.each([...GATEWAY_ERROR_KINDS])('%s → its status and error.type, request id in the body', (kind) => {
    const [status, type] = TABLE[kind]
    const encoded = anthropicMessagesDialect.encodeError(
      new GatewayError(kind, 'Something precise.'),
      'req_42',
    )
    expect(encoded).toEqual({
      status,
      body: { type: 'error', error: { type, message: 'Something precise.' }, request_id: 'req_42' },
    })
    // …and a client of this dialect reads back what was meant.
    const parsed = parseAnthropicError(encoded.status, JSON.stringify(encoded.body), 'req_42')
    expect(parsed).toMatchObject({ status, type, message: 'Something precise.', requestId: 'req_42' })
  })

  it('uses a status forced on the error (fault injection) and omits request_id when there is none', () => {
    expect(
      anthropicMessagesDialect.encodeError(new GatewayError('overloaded', 'Busy', { status: 503 })),
    ).toEqual({
      status: 503,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Busy' } },
    })
  })
})
