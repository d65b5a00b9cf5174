import { describe, expect, it } from 'vitest'
import { gatewayErrorOf } from '@test/support/gateway-error-of'
import { GatewayError } from '../chat/errors'
import { parseSimulateHeader } from './simulate-header'

function rejection(value: string): GatewayError {
  return gatewayErrorOf(() => parseSimulateHeader(value), value)
}

describe('parseSimulateHeader', () => {
  it('asks for nothing when the header is absent or empty', () => {
    expect(parseSimulateHeader(undefined)).toEqual({ midstreamError: false })
    expect(parseSimulateHeader(' , ; ')).toEqual({ midstreamError: false })
  })

  it('reads each directive', () => {
    expect(parseSimulateHeader('status=429')).toEqual({ midstreamError: false, status: 429 })
    expect(parseSimulateHeader('status=529')).toMatchObject({ status: 529 })
    expect(parseSimulateHeader('midstream-error')).toEqual({ midstreamError: true })
    expect(parseSimulateHeader('drop-after=5')).toMatchObject({ dropAfter: 5 })
    expect(parseSimulateHeader('ttft-ms=800')).toMatchObject({ ttftMs: 800 })
    expect(parseSimulateHeader('tokens-per-second=3000')).toMatchObject({ tokensPerSecond: 3000 })
    expect(parseSimulateHeader('tokens-per-second=2.5')).toMatchObject({ tokensPerSecond: 2.5 })
    expect(parseSimulateHeader('busy-ms=1500')).toMatchObject({ busyMs: 1500 })
  })

  it('combines directives separated by commas or semicolons, with spaces and any key case', () => {
    expect(parseSimulateHeader(' Status=503 ; RETRY-AFTER = 2, ttft-ms=0')).toEqual({
      midstreamError: false,
      status: 503,
      retryAfterSeconds: 2,
      ttftMs: 0,
    })
    expect(parseSimulateHeader('midstream-error, drop-after=3;tokens-per-second=50')).toEqual({
      midstreamError: true,
      dropAfter: 3,
      tokensPerSecond: 50,
    })
  })

  it('refuses invalid values with a 400 naming x-simulate', () => {
    for (const value of [
      'status=200',
      'status=600',
      'status=abc',
      'status',
      'status=42.9',
      'retry-after=2',
      'status=429, retry-after=-1',
      'midstream-error=yes',
      'drop-after=0',
      'drop-after=two',
      'ttft-ms=-1',
      'ttft-ms=999999999',
      'tokens-per-second=0',
      'tokens-per-second=fast',
      'tokens-per-second=1e3',
      'busy-ms=0',
      'busy-ms=10001',
      'status=429, status=500',
      'explode',
      'status=429 retry-after=1',
    ]) {
      const error = rejection(value)
      expect(error, value).toBeInstanceOf(GatewayError)
      expect(error.kind).toBe('invalid_request')
      expect(error.param).toBe('x-simulate')
      expect(error.message).toMatch(/^x-simulate: /)
    }
  })

  it('names what it knows when a directive is unknown', () => {
    expect(rejection('status=429, explode').message).toContain('unknown directive "explode"')
  })
})
