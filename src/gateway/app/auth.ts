import { createHash, timingSafeEqual } from 'node:crypto'

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()

/**
 * Constant-time key comparison. Both sides are hashed first so the comparison length never depends
 * on the presented key (timingSafeEqual itself needs equal lengths and would leak the length). The
 * expected key is hashed once, not per request.
 */
export function createKeyCheck(expected: string): (presented: string | undefined) => boolean {
  const expectedHash = sha256(expected)
  return (presented) => presented !== undefined && timingSafeEqual(sha256(presented), expectedHash)
}
