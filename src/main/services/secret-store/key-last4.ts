/**
 * The last four characters of a key, the only part of it the UI may show. Counted in code points so a
 * key ending in an emoji or other astral character is never cut inside a surrogate pair.
 */
export function keyLast4(secret: string): string {
  return Array.from(secret).slice(-4).join('')
}
