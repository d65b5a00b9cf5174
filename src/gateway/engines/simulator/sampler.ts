/**
 * mulberry32: a tiny, well-mixed 32-bit PRNG. Plenty for choosing words, and the same seed gives the
 * same sequence on every platform (only 32-bit integer arithmetic, no floating point state).
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

/**
 * The simulator's only source of choice. `greedy` models temperature 0: every *phrasing* choice takes
 * the first (canonical) option, while content that depends on the request (length, filler words)
 * still follows the seeded generator so different prompts get different replies.
 */
export class Sampler {
  readonly greedy: boolean
  private readonly next: () => number

  constructor(seed: number, options: { greedy: boolean }) {
    this.next = mulberry32(seed)
    this.greedy = options.greedy
  }

  /** A float in [0, 1). */
  random(): number {
    return this.next()
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max <= min) return min
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  /** Any element, whatever the temperature (content, not phrasing). */
  pick<T>(options: readonly [T, ...T[]]): T {
    return options[Math.floor(this.next() * options.length)] ?? options[0]
  }

  /** A phrasing: the canonical first option when greedy, otherwise any. */
  variant<T>(options: readonly [T, ...T[]]): T {
    if (this.greedy) {
      // Still advance, so that greedy and sampled runs consume the sequence in step.
      this.next()
      return options[0]
    }
    return this.pick(options)
  }

  /** Lowercase letters and digits, for ids. */
  alphanumeric(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)] ?? 'a'
    return out
  }
}
