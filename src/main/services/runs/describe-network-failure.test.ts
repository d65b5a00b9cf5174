import { describe, expect, it } from 'vitest'
import { refusedError, terminatedError } from './__fixtures__/fake-network'
import { describeFetchFailure, describeStreamFailure, errorCode, hostLabel } from './describe-network-failure'

const LOCAL = 'http://127.0.0.1:8787/v1/chat/completions'

function systemError(code: string, message = code): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) })
}

describe('describeFetchFailure', () => {
  it('explains a refused local connection and suggests starting the gateway', () => {
    const failure = describeFetchFailure(refusedError(), LOCAL, 15_000)
    expect(failure).toMatchObject({ state: 'network_error', retryable: true, code: 'ECONNREFUSED' })
    expect(failure.message).toBe(
      'Could not connect to 127.0.0.1:8787 (connection refused). Is the gateway running?',
    )
    const remote = describeFetchFailure(refusedError(), 'https://gateway.example/v1/messages', 15_000)
    expect(remote.message).toContain('gateway.example:443')
    expect(remote.message).not.toContain('Is the gateway running')
  })

  it('finds the code inside an AggregateError (localhost tries IPv4 and IPv6)', () => {
    const aggregate = new AggregateError(
      [Object.assign(new Error('x'), { code: 'ECONNREFUSED' })],
      'all failed',
    )
    expect(errorCode(new TypeError('fetch failed', { cause: aggregate }))).toBe('ECONNREFUSED')
  })

  it('names DNS, unreachable, TLS, bad HTTP and resets in plain words', () => {
    expect(describeFetchFailure(systemError('ENOTFOUND'), 'https://nope.invalid/v1', 1).message).toContain(
      'Could not find the server nope.invalid (DNS lookup failed',
    )
    expect(describeFetchFailure(systemError('ENETUNREACH'), LOCAL, 1).message).toContain(
      'network unreachable',
    )
    const tls = describeFetchFailure(
      systemError('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number\nopenssl noise'),
      'https://127.0.0.1:8787/v1',
      1,
    )
    expect(tls).toMatchObject({ state: 'network_error', retryable: false })
    expect(tls.message).toContain('secure connection')
    expect(tls.message).not.toContain('openssl noise')
    expect(describeFetchFailure(systemError('HPE_INVALID_CONSTANT'), LOCAL, 1)).toMatchObject({
      retryable: false,
    })
    expect(describeFetchFailure(systemError('ECONNRESET'), LOCAL, 1)).toMatchObject({
      state: 'network_error',
      retryable: true,
    })
  })

  it("turns undici's own connect timeout into the timeout state, not retried", () => {
    expect(describeFetchFailure(systemError('UND_ERR_CONNECT_TIMEOUT'), LOCAL, 15_000)).toMatchObject({
      state: 'timeout',
      retryable: false,
    })
  })

  it('falls back to the error message when there is no code', () => {
    const failure = describeFetchFailure(new Error('something odd'), LOCAL, 1)
    expect(failure).toMatchObject({ state: 'network_error', retryable: true })
    expect(failure.message).toBe('Could not reach 127.0.0.1:8787: something odd.')
  })
})

describe('describeStreamFailure', () => {
  it('calls a connection the server closed mid-reply incomplete, and a reset a network error', () => {
    expect(describeStreamFailure(terminatedError('closed'), LOCAL).state).toBe('incomplete')
    const reset = describeStreamFailure(terminatedError('reset'), LOCAL)
    expect(reset.state).toBe('network_error')
    expect(reset.message).toContain('ECONNRESET')
    expect(reset.message).toContain('the text so far is kept')
    expect(describeStreamFailure(new Error('weird'), LOCAL).state).toBe('network_error')
  })
})

describe('hostLabel', () => {
  it('spells out default ports and keeps IPv6 brackets', () => {
    expect(hostLabel('http://127.0.0.1:8787/v1')).toBe('127.0.0.1:8787')
    expect(hostLabel('https://example.com/v1')).toBe('example.com:443')
    expect(hostLabel('http://[::1]:9000/x')).toBe('[::1]:9000')
  })
})
