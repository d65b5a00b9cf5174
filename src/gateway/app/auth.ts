import { hash, timingSafeEqual } from 'node:crypto'

// One-shot `hash`, not createHash(): no Hash object per request (the check runs on every request).
const sha256 = (value: string): Buffer => hash('sha256', value, 'buffer')

/**
 * Constant-time key comparison. Both sides are hashed first so the comparison length never depends
 * on the presented key (timingSafeEqual itself needs equal lengths and would leak the length). The
 * expected key is hashed once, not per request.
 */
export function createKeyCheck(expected: string): (presented: string | undefined) => boolean {
  const expectedHash = sha256(expected)
  return (presented) => presented !== undefined && timingSafeEqual(sha256(presented), expectedHash)
}
