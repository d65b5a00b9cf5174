import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits, URL-safe, so it travels unescaped in the URL fragment and in a header. */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * A token given by the caller must be at least as strong as ours would be (≥ 128 bits as base64url)
 * and made of URL-safe characters only: it goes into `#token=…` and into a request header.
 */
export function isAcceptableAccessToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{22,512}$/.test(token)
}

/**
 * Constant-time comparison. `timingSafeEqual` throws on different lengths, and a length check would
 * itself leak the token's length: comparing fixed-size digests avoids both.
 */
export function accessTokensMatch(received: string, expected: string): boolean {
  const a = createHash('sha256').update(received, 'utf8').digest()
  const b = createHash('sha256').update(expected, 'utf8').digest()
  return timingSafeEqual(a, b)
}
