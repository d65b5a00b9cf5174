import { describe, expect, it } from 'vitest'
import { accessTokensMatch, createAccessToken, isAcceptableAccessToken } from './access-token'

describe('access token', () => {
  it('draws 256 random bits, URL-safe, different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => createAccessToken()))
    expect(tokens.size).toBe(100)
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(token, 'base64url').length).toBe(32)
      expect(isAcceptableAccessToken(token)).toBe(true)
    }
  })

  it('matches only the exact token', () => {
    const token = createAccessToken()
    expect(accessTokensMatch(token, token)).toBe(true)
    expect(accessTokensMatch(token.slice(1), token)).toBe(false)
    expect(accessTokensMatch(token + 'a', token)).toBe(false)
    expect(accessTokensMatch('', token)).toBe(false)
    expect(accessTokensMatch(token.toUpperCase(), token.toLowerCase())).toBe(
      token.toUpperCase() === token.toLowerCase(),
    )
  })

  it('refuses given tokens weaker than 128 bits or unsafe in a URL or header', () => {
    expect(isAcceptableAccessToken('a'.repeat(21))).toBe(false)
    expect(isAcceptableAccessToken('a'.repeat(22))).toBe(true)
    expect(isAcceptableAccessToken('a'.repeat(30) + ' ')).toBe(false)
    expect(isAcceptableAccessToken('a'.repeat(30) + '\n')).toBe(false)
    expect(isAcceptableAccessToken('a'.repeat(30) + '&x=1')).toBe(false)
  })
})
