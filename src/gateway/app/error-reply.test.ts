import { describe, expect, it } from 'vitest'
import { GatewayError } from '@shared/chat/errors'
import { dialectList } from '@shared/dialects'
import { INTERNAL_ERROR_MESSAGE, errorReply } from './error-reply'

describe('errorReply', () => {
  it.each(dialectList.map((dialect) => [dialect.id, dialect] as const))(
    '%s: an unexpected error is a 500 with a generic message, never its own text',
    (_id, dialect) => {
      const error = new RangeError('Maximum call stack size exceeded')
      error.stack = 'RangeError: Maximum call stack size exceeded\n    at walk (/app/src/gateway/x.ts:1:1)'
      const reply = errorReply(dialect, error, 'req_1')
      expect(reply.status).toBe(500)
      const text = JSON.stringify(reply.body)
      expect(text).toContain(INTERNAL_ERROR_MESSAGE)
      expect(text).not.toMatch(/Maximum call stack|RangeError|x\.ts/)
    },
  )

  it('a GatewayError keeps its words and status', () => {
    const reply = errorReply(
      dialectList[0]!,
      new GatewayError('rate_limit', 'Slow down.', { retryAfterSeconds: 2 }),
      'r',
    )
    expect(reply.status).toBe(429)
    expect(JSON.stringify(reply.body)).toContain('Slow down.')
    expect(reply.headers['retry-after']).toBe('2')
  })
})
