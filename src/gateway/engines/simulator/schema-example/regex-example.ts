import { ExampleBudget } from './example-budget'
import type { Sampler } from '../sampler'

/**
 * A string matching a JSON Schema `pattern`, for the simple patterns tool schemas actually use
 * (`^[A-Z]{3}$`, `^\d{4}-\d{2}-\d{2}$`, `^(usd|eur)$`, `[a-z0-9_]+`): literals, escapes (\d \w \s and
 * their negations, \uXXXX), classes with ranges and negation, `.`, groups, alternation, anchors and
 * the quantifiers ? * + {n} {n,} {n,m}. Backreferences and lookarounds are not attempted.
 * Returns undefined when the pattern is outside that subset or the result does not match after all
 * (checked with the real RegExp), so the caller can fall back. Every character generated is charged
 * to `budget`: `a{10000000}` or `(a{3000}){3000}` throws ExampleTooLarge instead of building megabytes.
 *
 * Why not randexp (0.6.1): it generates `^a{10000000}$` and `^(a{3000}){3000}$` in full, with no way
 * to stop it midway, and its output must be checked anyway: it ignores lookaheads (`^(?=x)ab$` →
 * "ab", no match) and misreads `\p{L}` under the `u` flag (→ "p{L}}}"). Bounding it would mean
 * walking its token tree ourselves, which is this parser's job.
 */
export function exampleForPattern(
  pattern: string,
  sampler: Sampler,
  /** How many times open repetitions (`+`, `*`, `{2,}`) should repeat, to meet a length bound. */
  repeat?: number,
  budget: ExampleBudget = new ExampleBudget(),
): string | undefined {
  const regex = compile(pattern)
  if (regex === undefined) return undefined
  let node: RegexNode
  try {
    node = new PatternParser(pattern).parse()
  } catch {
    return undefined
  }
  const text = generate(node, sampler, repeat, budget)
  return regex.test(text) ? text : undefined
}

/** The pattern as JavaScript reads it: with the `u` flag when valid (as JSON Schema means), else without. */
export function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags)
    } catch {
      // try the next flags
    }
  }
  return undefined
}

type CharRange = readonly [number, number]
type RegexNode =
  | { kind: 'sequence'; items: RegexNode[] }
  | { kind: 'alternation'; options: RegexNode[] }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number }
  | { kind: 'chars'; ranges: CharRange[]; negated: boolean }

class Unsupported extends Error {}

const DIGITS: CharRange[] = [[0x30, 0x39]]
const WORD: CharRange[] = [
  [0x61, 0x7a],
  [0x41, 0x5a],
  [0x30, 0x39],
  [0x5f, 0x5f],
]
const SPACE: CharRange[] = [
  [0x20, 0x20],
  [0x09, 0x0d],
]
/** Where negated classes look for a character: printable ASCII, friendliest first. */
const NEGATION_CANDIDATES =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:;!?@#%&*+=/()[]{}<>'
const OPEN_ENDED_EXTRA = 2

class PatternParser {
  private index = 0
  constructor(private readonly source: string) {}

  parse(): RegexNode {
    const node = this.alternation()
    if (this.index < this.source.length) throw new Unsupported(`unexpected ${this.peek()}`)
    return node
  }

  private peek(): string | undefined {
    return this.source[this.index]
  }

  private alternation(): RegexNode {
    const options = [this.sequence()]
    while (this.peek() === '|') {
      this.index++
      options.push(this.sequence())
    }
    return options.length === 1 ? (options[0] as RegexNode) : { kind: 'alternation', options }
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = []
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      if (c === '^' || c === '$') {
        // Anchors: the generated string is the whole match, so they hold by construction.
        this.index++
        continue
      }
      items.push(this.quantified(this.atom()))
    }
    return { kind: 'sequence', items }
  }

  private atom(): RegexNode {
    const c = this.source[this.index++]
    switch (c) {
      case '(': {
        if (this.peek() === '?') {
          if (this.source[this.index + 1] !== ':') throw new Unsupported('lookaround or named group')
          this.index += 2
        }
        const inner = this.alternation()
        if (this.source[this.index++] !== ')') throw new Unsupported('unclosed group')
        return inner
      }
      case '[':
        return this.characterClass()
      case '.':
        return { kind: 'chars', ranges: [[0x61, 0x7a]], negated: false }
      case '\\':
        return this.escape(false)
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Unsupported('quantifier without an atom')
      case undefined:
        throw new Unsupported('end of pattern')
      default: {
        const code = c.codePointAt(0) ?? 0
        if (code >= 0xd800 && code <= 0xdbff) this.index++
        return { kind: 'chars', ranges: [[code, code]], negated: false }
      }
    }
  }

  /** After a backslash. Inside a class, `\b` is a backspace and class escapes are ranges. */
  private escape(inClass: boolean): RegexNode & { kind: 'chars' } {
    const c = this.source[this.index++]
    const single = (code: number): RegexNode & { kind: 'chars' } => ({
      kind: 'chars',
      ranges: [[code, code]],
      negated: false,
    })
    switch (c) {
      case 'd':
        return { kind: 'chars', ranges: DIGITS, negated: false }
      case 'D':
        return { kind: 'chars', ranges: DIGITS, negated: true }
      case 'w':
        return { kind: 'chars', ranges: WORD, negated: false }
      case 'W':
        return { kind: 'chars', ranges: WORD, negated: true }
      case 's':
        return { kind: 'chars', ranges: SPACE, negated: false }
      case 'S':
        return { kind: 'chars', ranges: SPACE, negated: true }
      case 'n':
        return single(0x0a)
      case 't':
        return single(0x09)
      case 'r':
        return single(0x0d)
      case 'f':
        return single(0x0c)
      case 'v':
        return single(0x0b)
      case 'u':
      case 'x': {
        const length = c === 'u' ? 4 : 2
        const hex = this.source.slice(this.index, this.index + length)
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) throw new Unsupported('bad hex escape')
        this.index += length
        return single(parseInt(hex, 16))
      }
      case 'b':
        if (inClass) return single(0x08)
        throw new Unsupported('word boundary')
      case undefined:
        throw new Unsupported('trailing backslash')
      default:
        if (/[0-9a-zA-Z]/.test(c)) throw new Unsupported(`escape \\${c}`)
        return single(c.codePointAt(0) ?? 0)
    }
  }

  private characterClass(): RegexNode {
    const negated = this.peek() === '^'
    if (negated) this.index++
    const ranges: CharRange[] = []
    let first = true
    while (this.peek() !== ']' || first) {
      first = false
      const low = this.classAtom()
      if (low.kind === 'set') {
        if (low.negated) throw new Unsupported('negated escape inside a class')
        ranges.push(...low.ranges)
        continue
      }
      if (
        this.peek() === '-' &&
        this.source[this.index + 1] !== ']' &&
        this.source[this.index + 1] !== undefined
      ) {
        this.index++
        const high = this.classAtom()
        if (high.kind === 'set' || high.code < low.code) throw new Unsupported('bad range')
        ranges.push([low.code, high.code])
      } else {
        ranges.push([low.code, low.code])
      }
    }
    this.index++
    return { kind: 'chars', ranges, negated }
  }

  private classAtom():
    { kind: 'code'; code: number } | { kind: 'set'; ranges: CharRange[]; negated: boolean } {
    const c = this.source[this.index++]
    if (c === undefined) throw new Unsupported('unclosed class')
    if (c === '\\') {
      const escaped = this.escape(true)
      const only = escaped.ranges[0]
      if (escaped.ranges.length === 1 && only !== undefined && only[0] === only[1] && !escaped.negated) {
        return { kind: 'code', code: only[0] }
      }
      return { kind: 'set', ranges: escaped.ranges, negated: escaped.negated }
    }
    const code = c.codePointAt(0) ?? 0
    if (code >= 0xd800 && code <= 0xdbff) this.index++
    return { kind: 'code', code }
  }

  private quantified(node: RegexNode): RegexNode {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*') [min, max] = [0, Infinity]
    else if (c === '+') [min, max] = [1, Infinity]
    else if (c === '?') [min, max] = [0, 1]
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index))
      if (match === null) throw new Unsupported('bad {n,m}')
      min = Number(match[1])
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])
      this.index += match[0].length - 1
    } else return node
    this.index++
    if (this.peek() === '?') this.index++ // lazy: same strings
    if (max < min) throw new Unsupported('bad {n,m}')
    return { kind: 'repeat', node, min, max }
  }
}

function generate(
  node: RegexNode,
  sampler: Sampler,
  repeat: number | undefined,
  budget: ExampleBudget,
): string {
  switch (node.kind) {
    case 'sequence':
      return node.items.map((item) => generate(item, sampler, repeat, budget)).join('')
    case 'alternation': {
      const option = sampler.greedy ? node.options[0] : node.options[sampler.int(0, node.options.length - 1)]
      return option === undefined ? '' : generate(option, sampler, repeat, budget)
    }
    case 'repeat': {
      // Prefer a non-empty, short repetition: `[a-z]+` reads better as "abc" than as "a" or "".
      const lowest = Math.max(node.min, Math.min(1, node.max))
      const highest = Math.min(node.max, Math.max(lowest, node.min + OPEN_ENDED_EXTRA))
      const count =
        repeat !== undefined
          ? Math.min(Math.max(repeat, node.min), node.max)
          : sampler.greedy
            ? Math.min(Math.max(lowest, 3), highest)
            : sampler.int(lowest, highest)
      let out = ''
      for (let i = 0; i < count; i++) {
        // A step each, so an empty repetition such as `(x?){100000000}` is bounded too.
        budget.step()
        out += generate(node.node, sampler, repeat, budget)
      }
      return out
    }
    case 'chars': {
      budget.characters(1)
      return pickChar(node.ranges, node.negated, sampler)
    }
    default: {
      const unreachable: never = node
      throw new Error(`unknown regex node ${JSON.stringify(unreachable)}`)
    }
  }
}

function pickChar(ranges: CharRange[], negated: boolean, sampler: Sampler): string {
  const inRanges = (code: number) => ranges.some(([low, high]) => code >= low && code <= high)
  if (negated) {
    for (const candidate of NEGATION_CANDIDATES) {
      if (!inRanges(candidate.charCodeAt(0))) return candidate
    }
    return '~'
  }
  const range = sampler.greedy ? ranges[0] : ranges[sampler.int(0, ranges.length - 1)]
  if (range === undefined) return ''
  const [low, high] = range
  return String.fromCodePoint(sampler.greedy ? low : sampler.int(low, Math.min(high, low + 25)))
}
