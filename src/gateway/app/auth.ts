import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Constant-time key comparison. Both sides are hashed first so the comparison length never depends
 * on the presented key (timingSafeEqual itself needs equal lengths and would leak the length).
 */
export function keysMatch(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false
  const a = createHash('sha256').update(presented, 'utf8').digest()
  const b = createHash('sha256').update(expected, 'utf8').digest()
  return timingSafeEqual(a, b)
}
