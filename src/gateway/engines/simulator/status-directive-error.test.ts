import { describe, expect, it } from 'vitest'
import { simulatedStatusError } from './status-directive-error'

describe('simulatedStatusError', () => {
  it('keeps the exact status, picks the kind from it, says it was simulated, and carries retry-after', () => {
    const overloaded = simulatedStatusError(529, 3)
    expect(overloaded).toMatchObject({ kind: 'overloaded', status: 529, retryAfterSeconds: 3 })
    expect(overloaded.message).toMatch(/simulated/i)
    expect(simulatedStatusError(429)).toMatchObject({
      kind: 'rate_limit',
      status: 429,
      retryAfterSeconds: undefined,
    })
    expect(simulatedStatusError(500).kind).toBe('server_error')
    expect(simulatedStatusError(401).kind).toBe('authentication')
  })
})
