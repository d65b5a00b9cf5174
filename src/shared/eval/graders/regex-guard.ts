import { EVAL_LIMITS } from '../eval-limits'

/**
 * JavaScript regexes backtrack: `^(a+)+$` against 40 a's and a b runs for minutes, and a grader runs
 * patterns from a shared file on model output. Two bounds, as the simulator's pattern generator does
 * (bounded input, refuse the unbounded): the pattern and the input are capped in length, and a
 * pattern with a quantified group that itself holds an open-ended quantifier (`(a+)+`, `(\s*)*`,
 * `(x|y+){2,}`) — the classic exponential shape — is refused with a reason. Hosts that can interrupt
 * a regex (main and the CLI: `node:vm` with a timeout, see RegexTester) also get a time limit, which
 * covers the polynomial shapes this check lets through (`\s*\s*\s*$`).
 */
export class UnsafePatternError extends Error {}

/** Runs `regex` on `input`; may throw (a timeout) — the grader reports that as a failure. */
export type RegexTester = (regex: RegExp, input: string) => boolean

export const directRegexTester: RegexTester = (regex, input) => regex.test(input)

/** Throws UnsafePatternError when the pattern nests open-ended quantifiers. */
export function checkPatternSafety(pattern: string): void {
  if (pattern.length > EVAL_LIMITS.regexPatternChars) {
    throw new UnsafePatternError(`the pattern is longer than ${EVAL_LIMITS.regexPatternChars} characters`)
  }
  // Per open group: whether it holds an open-ended quantifier.
  const groups: boolean[] = []
  let lastGroupHadOpenQuantifier = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') {
      i++
      lastGroupHadOpenQuantifier = false
      continue
    }
    if (c === '[') {
      // Skip the class: quantifier characters inside it are literals.
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++
      lastGroupHadOpenQuantifier = false
      continue
    }
    if (c === '(') {
      groups.push(false)
      continue
    }
    if (c === ')') {
      lastGroupHadOpenQuantifier = groups.pop() ?? false
      if (lastGroupHadOpenQuantifier && groups.length > 0) groups[groups.length - 1] = true
      continue
    }
    const open = openQuantifierAt(pattern, i)
    // `?` after a group is harmless; `*`, `+` and `{n,m}` repeat whatever the group's inner loop tried.
    if (open !== undefined && c !== '?' && pattern[i - 1] === ')' && lastGroupHadOpenQuantifier) {
      throw new UnsafePatternError(
        'a repeated group holds an open-ended repetition of its own (like (a+)+): such a pattern can take exponential time',
      )
    }
    if (open === true && groups.length > 0) groups[groups.length - 1] = true
    lastGroupHadOpenQuantifier = false
  }
}

/** At a quantifier: true when open-ended (`*`, `+`, `{n,}`), false when bounded; else undefined. */
function openQuantifierAt(pattern: string, i: number): boolean | undefined {
  const c = pattern[i]
  if (c === '*' || c === '+') return true
  if (c === '?') return false
  if (c === '{') {
    const match = /^\{\d+(,(\d*))?\}/.exec(pattern.slice(i, i + 24))
    if (match === null) return undefined
    return match[1] !== undefined && match[2] === ''
  }
  return undefined
}
