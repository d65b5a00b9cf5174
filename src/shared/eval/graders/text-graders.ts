import { EVAL_LIMITS } from '../eval-limits'
import type { GraderSpec } from '../grader-spec'
import type { CellOutput } from './cell-output'
import { quoteOutput, type GraderResult } from './grader-result'
import { checkPatternSafety, type RegexTester } from './regex-guard'

type Spec<T extends GraderSpec['type']> = Extract<GraderSpec, { type: T }>

export function gradeEquals(spec: Spec<'equals'>, output: CellOutput): GraderResult {
  const trim = spec.trim ?? true
  const norm = (s: string) => {
    const t = trim ? s.trim() : s
    return spec.ignoreCase ? t.toLowerCase() : t
  }
  const label = `equals ${JSON.stringify(spec.value)}${spec.ignoreCase ? ' (any case)' : ''}`
  const passed = norm(output.text) === norm(spec.value)
  return {
    type: 'equals',
    label,
    passed,
    reason: passed ? 'the output is exactly the expected text' : `the output is ${quoteOutput(output.text)}`,
  }
}

export function gradeContains(spec: Spec<'contains'>, output: CellOutput): GraderResult {
  const haystack = spec.ignoreCase ? output.text.toLowerCase() : output.text
  const needle = spec.ignoreCase ? spec.value.toLowerCase() : spec.value
  const at = haystack.indexOf(needle)
  const label = `contains ${JSON.stringify(spec.value)}${spec.ignoreCase ? ' (any case)' : ''}`
  return at >= 0
    ? { type: 'contains', label, passed: true, reason: `found at character ${at + 1}` }
    : {
        type: 'contains',
        label,
        passed: false,
        reason: `not found in the output ${quoteOutput(output.text)}`,
      }
}

export function gradeRegex(spec: Spec<'regex'>, output: CellOutput, testRegex: RegexTester): GraderResult {
  const label = `regex /${spec.pattern}/${spec.flags ?? ''}`
  const fail = (reason: string): GraderResult => ({ type: 'regex', label, passed: false, reason })
  let regex: RegExp
  try {
    checkPatternSafety(spec.pattern)
    regex = new RegExp(spec.pattern, spec.flags ?? '')
  } catch (error) {
    return fail(`the pattern is refused: ${error instanceof Error ? error.message : String(error)}`)
  }
  const input = output.text.slice(0, EVAL_LIMITS.regexInputChars)
  const clipped =
    input.length < output.text.length ? ` (first ${EVAL_LIMITS.regexInputChars} characters)` : ''
  let matched: boolean
  try {
    matched = testRegex(regex, input)
  } catch (error) {
    return fail(
      `the pattern could not be run${clipped}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return matched
    ? { type: 'regex', label, passed: true, reason: `the output${clipped} matches` }
    : fail(`the output${clipped} does not match: ${quoteOutput(output.text)}`)
}

/** Both sides lower-cased when the grader ignores case. */
function caseFolded(ignoreCase: boolean | undefined, text: string): string {
  return ignoreCase ? text.toLowerCase() : text
}

const anyCase = (ignoreCase: boolean | undefined) => (ignoreCase ? ' (any case)' : '')

export function gradeStartsWith(spec: Spec<'starts-with'>, output: CellOutput): GraderResult {
  const label = `starts with ${JSON.stringify(spec.value)}${anyCase(spec.ignoreCase)}`
  const passed = caseFolded(spec.ignoreCase, output.text).startsWith(caseFolded(spec.ignoreCase, spec.value))
  return {
    type: 'starts-with',
    label,
    passed,
    reason: passed ? 'the output starts with it' : `the output starts otherwise: ${quoteOutput(output.text)}`,
  }
}

export function gradeContainsSome(
  spec: Spec<'contains-any'> | Spec<'contains-all'>,
  output: CellOutput,
): GraderResult {
  const haystack = caseFolded(spec.ignoreCase, output.text)
  const found = spec.values.filter((value) => haystack.includes(caseFolded(spec.ignoreCase, value)))
  const missing = spec.values.filter((value) => !found.includes(value))
  const quoted = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ')
  const all = spec.type === 'contains-all'
  const label = `contains ${all ? 'all' : 'any'} of ${quoted(spec.values)}${anyCase(spec.ignoreCase)}`
  const passed = all ? missing.length === 0 : found.length > 0
  let reason: string
  if (passed) reason = `found ${quoted(found)}`
  else if (all) reason = `missing ${quoted(missing)} in the output ${quoteOutput(output.text)}`
  else reason = `none found in the output ${quoteOutput(output.text)}`
  return { type: spec.type, label, passed, reason }
}
