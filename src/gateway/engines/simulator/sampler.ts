import { mulberry32 } from '@shared/random/mulberry32'

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
