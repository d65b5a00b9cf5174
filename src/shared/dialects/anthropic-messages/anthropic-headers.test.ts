import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../chat/errors'
import { checkAnthropicHeaders, readAnthropicApiKey } from './anthropic-headers'

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name.toLowerCase()]

function versionError(version: string | undefined): GatewayError | undefined {
  try {
    checkAnthropicHeaders(headers(version === undefined ? {} : { 'anthropic-version': version }))
    return undefined
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw error
  }
}

describe('readAnthropicApiKey', () => {
  it('reads x-api-key (SDK 0.x, Vercel) and else a Bearer token (SDK ≥ 1.0)', () => {
    expect(readAnthropicApiKey(headers({ 'x-api-key': 'sk-a' }))).toBe('sk-a')
    expect(readAnthropicApiKey(headers({ authorization: 'Bearer sk-b' }))).toBe('sk-b')
    expect(readAnthropicApiKey(headers({ 'x-api-key': 'sk-a', authorization: 'Bearer sk-b' }))).toBe('sk-a')
  })

  it('finds no key in other schemes or empty values', () => {
    expect(readAnthropicApiKey(headers({}))).toBeUndefined()
    expect(readAnthropicApiKey(headers({ authorization: 'Basic dXNlcjpwdw==' }))).toBeUndefined()
    expect(readAnthropicApiKey(headers({ 'x-api-key': '  ', authorization: 'Bearer ' }))).toBeUndefined()
  })
})

describe('checkAnthropicHeaders', () => {
  it('requires anthropic-version with the API message', () => {
    const error = versionError(undefined)
    expect(error?.message).toBe('anthropic-version: header is required')
    expect(error?.param).toBe('anthropic-version')
    expect(error?.kind).toBe('invalid_request')
  })

  it('accepts 2023-06-01 and any later calendar date (SDK 1.x sends 2026-10-21)', () => {
    for (const version of ['2023-06-01', '2026-10-21', '2024-02-29', '2099-12-31']) {
      expect(versionError(version)).toBeUndefined()
    }
  })

  it('rejects malformed values, impossible dates, earlier dates and duplicated headers, naming the header', () => {
    for (const version of [
      '',
      'latest',
      '2023-6-1',
      '2023-02-30',
      '2025-13-01',
      '2023-01-01',
      '2023-06-01, 2023-06-01',
    ]) {
      const error = versionError(version)
      expect(error?.kind, version).toBe('invalid_request')
      expect(error?.message.startsWith('anthropic-version: '), version).toBe(true)
    }
  })
})
