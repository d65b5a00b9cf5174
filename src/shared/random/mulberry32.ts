/**
 * mulberry32: a tiny, well-mixed 32-bit PRNG. Plenty for choosing words (the simulator) or shaping a
 * benchmark's fixture, and the same seed gives the same sequence on every platform (only 32-bit
 * integer arithmetic, no floating point state). Hand-written: eight lines, where a package would add
 * a dependency to the gateway for no gain. Not for secrets.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
