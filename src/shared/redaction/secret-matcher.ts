/**
 * Finds API keys in text in every spelling a server (or a careless layer) could send them back in,
 * so redaction cannot be sidestepped by an encoding:
 *
 * - plain;
 * - JSON-escaped, character by character: any character as `\u00XX` (either hex case), `/` as `\/`,
 *   `"` and `\` as `\"` and `\\` — `sk\u002dCANARY…` decodes to the key, so it is the key;
 * - URL-encoded, character by character: `%XX` (either hex case), mixed with plain characters;
 * - base64 and base64url at each of the three byte alignments (the stable core of the encoding; the
 *   one or two edge characters that depend on the neighbours stay), for keys long enough that the
 *   core cannot be an ordinary word.
 *
 * A spelling is a sequence of units, each unit a set of alternative strings (one unit per key
 * character, or one per base64 character). The same units drive the regular expression and the
 * prefix test that streaming redaction uses to hold back a tail that could be the start of a key.
 *
 * Hand-written rather than taken from a library: log redaction packages (pino's redact, etc.) work
 * on object paths and exact values, none of them handles escaped spellings or chunk boundaries.
 */

type Unit = readonly string[]
type Spelling = readonly Unit[]

export type SecretMatcher = {
  /** True when there is nothing to look for (no key): every method is then the identity. */
  readonly empty: boolean
  /** The longest spelling of any key, in characters: a tail longer than this cannot be a key start. */
  readonly longest: number
  /** Every occurrence of every key, in any spelling, replaced by `marker`. */
  redact(text: string, marker: string): string
  /**
   * Where the tail of `text` that could still become a key (with more text appended) starts, and how
   * many key characters it already spells; `undefined` when no tail could.
   */
  heldTail(text: string): { start: number; units: number } | undefined
}

/** Keys shorter than this have no base64 spelling: their base64 core would be one or two letters. */
const MIN_BASE64_KEY_LENGTH = 8

function hexVariants(code: number, digits: number): string[] {
  const hex = code.toString(16).padStart(digits, '0')
  let variants = ['']
  for (const digit of hex) {
    const cases = /[a-f]/.test(digit) ? [digit, digit.toUpperCase()] : [digit]
    variants = variants.flatMap((prefix) => cases.map((c) => prefix + c))
  }
  return variants
}

/** The unit of one key character: every way JSON or a URL may spell it. */
function characterUnit(char: string): Unit {
  const code = char.charCodeAt(0)
  const alternatives = new Set<string>([char])
  for (const hex of hexVariants(code, 4)) alternatives.add(`\\u${hex}`)
  if (code < 0x100) for (const hex of hexVariants(code, 2)) alternatives.add(`%${hex}`)
  if (char === '/') alternatives.add('\\/')
  if (char === '"') alternatives.add('\\"')
  if (char === '\\') alternatives.add('\\\\')
  return [...alternatives]
}

/** UTF-8 bytes of a string, without node's Buffer (this module is shared with the renderer). */
function utf8(text: string): number[] {
  return [...new TextEncoder().encode(text)]
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function base64(bytes: readonly number[], urlSafe: boolean): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]]
    const n = (a << 16) | (b << 8) | c
    const chars = [n >> 18, (n >> 12) & 63, (n >> 6) & 63, n & 63].map((v) => BASE64[v]!)
    const kept = Math.min(4, Math.ceil(((bytes.length - i) * 4) / 3))
    out += chars.slice(0, kept).join('')
  }
  return urlSafe ? out.replace(/\+/g, '-').replace(/\//g, '_') : out
}

/**
 * The characters of the key's base64 that do not depend on its neighbours: with `pad` bytes before
 * the key, the encoding of the key's own bytes starts at a group boundary after the first partial one.
 */
function base64Cores(secret: string): string[] {
  const bytes = utf8(secret)
  const cores = new Set<string>()
  for (let pad = 0; pad < 3; pad++) {
    // Characters fully determined by key bytes: skip the group that mixes in the padding bytes and
    // the last character, which mixes in whatever follows.
    const skip = pad === 0 ? 0 : 4
    const padded = [...new Array<number>(pad).fill(0), ...bytes]
    const fullBytes = padded.length - (padded.length % 3)
    for (const urlSafe of [false, true]) {
      const encoded = base64(padded.slice(0, fullBytes), urlSafe).slice(skip)
      if (encoded.length >= MIN_BASE64_KEY_LENGTH) cores.add(encoded)
    }
  }
  return [...cores]
}

function spellingsOf(secret: string): Spelling[] {
  const spellings: Spelling[] = [[...secret].map(characterUnit)]
  if (secret.length >= MIN_BASE64_KEY_LENGTH) {
    for (const core of base64Cores(secret)) spellings.push([...core].map((c) => [c]))
  }
  return spellings
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}

function spellingPattern(spelling: Spelling): string {
  return spelling
    .map((unit) => (unit.length === 1 ? escapeRegExp(unit[0]!) : `(?:${unit.map(escapeRegExp).join('|')})`))
    .join('')
}

/**
 * How many units of `spelling` the text from `position` to its end spells, if the whole rest of the
 * text is a proper beginning of the spelling (a unit may be cut in the middle: `\u00` of `\u002d`).
 * Depth-first over the alternatives; units rarely share a first character, so this stays linear.
 * Recursion on a plain function with character comparisons, no closure or slice per call: a proxy's
 * streaming redaction runs it on every text delta (the largest part of redacting a reply in profiles).
 */
function prefixUnits(text: string, position: number, spelling: Spelling, unitIndex = 0): number | undefined {
  if (position === text.length) return unitIndex
  if (unitIndex === spelling.length) return undefined
  let best: number | undefined
  for (const alternative of spelling[unitIndex]!) {
    if (text.startsWith(alternative, position)) {
      const found = prefixUnits(text, position + alternative.length, spelling, unitIndex + 1)
      if (found !== undefined && (best === undefined || found > best)) best = found
    } else if (text.length - position < alternative.length && beginsWithRest(alternative, text, position)) {
      // The text ends inside this unit: a partial escape counts as the units before it.
      if (best === undefined || unitIndex > best) best = unitIndex
    }
  }
  return best
}

/** Whether `alternative` begins with the rest of `text` from `position` (`alternative.startsWith(text.slice(position))`). */
function beginsWithRest(alternative: string, text: string, position: number): boolean {
  for (let i = position; i < text.length; i++) {
    if (alternative.charCodeAt(i - position) !== text.charCodeAt(i)) return false
  }
  return true
}

/**
 * Matchers of the last few key sets, compiled once each: compiling one (every spelling's units, one
 * large RegExp) is costly, and main asks for one per run and one for its log, several between a
 * two-pane send's click and its requests (performance.md S1). A matcher keeps no state between
 * calls, so one compiled matcher serves every caller with the same keys. A few entries: the keys of
 * the profiles in use (main holds those keys in memory anyway).
 */
const RECENT_KEY_SETS = 4
const recentMatchers = new Map<string, SecretMatcher>()

export function createSecretMatcher(secrets: Iterable<string>): SecretMatcher {
  const unique = [...new Set([...secrets].filter((secret) => secret.length > 0))].sort()
  if (unique.length === 0) return compileSecretMatcher(unique)
  const keySet = JSON.stringify(unique)
  let matcher = recentMatchers.get(keySet)
  if (matcher === undefined) {
    matcher = compileSecretMatcher(unique)
    if (recentMatchers.size >= RECENT_KEY_SETS) recentMatchers.delete(recentMatchers.keys().next().value!)
  } else {
    recentMatchers.delete(keySet)
  }
  recentMatchers.set(keySet, matcher)
  return matcher
}

function compileSecretMatcher(unique: readonly string[]): SecretMatcher {
  const spellings = unique.flatMap(spellingsOf)
  if (spellings.length === 0) {
    return { empty: true, longest: 0, redact: (text) => text, heldTail: () => undefined }
  }
  // Longest alternatives first inside each unit is not needed: every unit's alternatives are
  // mutually exclusive at a given position except plain vs escape of `\` / `%`, which both count.
  const pattern = new RegExp(
    spellings
      .map(spellingPattern)
      // Longer spellings first, so one key that contains another is replaced whole.
      .sort((a, b) => b.length - a.length)
      .join('|'),
    'g',
  )
  const longest = Math.max(
    ...spellings.map((spelling) =>
      spelling.reduce((sum, unit) => sum + Math.max(...unit.map((a) => a.length)), 0),
    ),
  )
  const firstCharacters = new Set(spellings.flatMap((spelling) => spelling[0]!.map((a) => a[0]!)))
  // Per spelling, the characters its first unit can start with: most spellings are skipped at once.
  const startsOf = spellings.map((spelling) => new Set(spelling[0]!.map((a) => a[0]!)))

  return {
    empty: false,
    longest,
    redact(text, marker) {
      pattern.lastIndex = 0
      return pattern.test(text) ? text.replace(pattern, marker) : text
    },
    heldTail(text) {
      // A proper prefix is shorter than the longest spelling; scan only that window, leftmost first,
      // so the whole possible key start is held.
      for (let start = Math.max(0, text.length - longest + 1); start < text.length; start++) {
        if (!firstCharacters.has(text[start]!)) continue
        let units: number | undefined
        for (let i = 0; i < spellings.length; i++) {
          if (!startsOf[i]!.has(text[start]!)) continue
          const found = prefixUnits(text, start, spellings[i]!)
          if (found !== undefined && (units === undefined || found > units)) units = found
        }
        if (units !== undefined) return { start, units }
      }
      return undefined
    },
  }
}

/**
 * Redacts every run of at least `minLength` characters that is a piece of a key. For text that is
 * shown in separate pieces which a reader could put back together (the raw SSE events of a stream
 * whose deltas split a key): each event alone never contains the whole key, so the matcher above
 * finds nothing. Plain spelling only; a key cut into pieces shorter than `minLength` stays readable.
 */
export function createFragmentRedactor(secrets: Iterable<string>, minLength: number) {
  const keys = [...new Set([...secrets].filter((secret) => secret.length >= minLength))]
  const seeds = new Set<string>()
  for (const key of keys)
    for (let i = 0; i + minLength <= key.length; i++) seeds.add(key.slice(i, i + minLength))
  const isPiece = (text: string): boolean => keys.some((key) => key.includes(text))
  // One scan for every seed at once (the regex engine beats a substring lookup per position).
  const seedPattern = seeds.size === 0 ? undefined : new RegExp([...seeds].map(escapeRegExp).join('|'), 'g')

  return (text: string, marker: string): string => {
    if (seedPattern === undefined || text.length < minLength) return text
    let out = ''
    let copied = 0
    seedPattern.lastIndex = 0
    for (let found = seedPattern.exec(text); found !== null; found = seedPattern.exec(text)) {
      const start = found.index
      // Grow the piece as far as it stays inside a key.
      let end = start + minLength
      while (end < text.length && isPiece(text.slice(start, end + 1))) end++
      out += text.slice(copied, start) + marker
      copied = end
      seedPattern.lastIndex = end
    }
    return copied === 0 ? text : out + text.slice(copied)
  }
}
