import Ajv, { type ValidateFunction } from 'ajv'
import { parse as parseYaml } from 'yaml'
import type { GraderSpec } from '../grader-spec'
import type { CellOutput } from './cell-output'
import { quoteOutput, type GraderResult } from './grader-result'

type Spec<T extends GraderSpec['type']> = Extract<GraderSpec, { type: T }>

// One Ajv for all graders; compiled validators are cached per schema object (a set's graders are
// parsed once, so the same object comes back for every cell). ajv compiles with `new Function`:
// graders run in main and the CLI, never under the renderer's CSP.
const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: true })
const compiled = new WeakMap<object, ValidateFunction>()

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(schema)
  if (validate === undefined) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

/** The first schema violation in words: `/city: must be string`. */
function firstError(validate: ValidateFunction): string {
  const error = validate.errors?.[0]
  if (error === undefined) return 'does not match the schema'
  return `${error.instancePath === '' ? '(the value)' : error.instancePath}: ${error.message ?? 'does not match'}`
}

/** Models often wrap JSON in a ```json fence: the fence is not part of the value. */
function unfence(text: string): string {
  const match = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text)
  return match ? (match[1] as string) : text
}

function checkAgainst(
  schema: Record<string, unknown> | undefined,
  value: unknown,
): { ok: true } | { ok: false; reason: string } {
  if (schema === undefined) return { ok: true }
  let validate: ValidateFunction
  try {
    validate = validatorFor(schema)
  } catch (error) {
    return {
      ok: false,
      reason: `the grader's schema is invalid: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
  return validate(value)
    ? { ok: true }
    : { ok: false, reason: `does not match the schema: ${firstError(validate)}` }
}

export function gradeJson(spec: Spec<'json'>, output: CellOutput): GraderResult {
  const label = spec.schema === undefined ? 'valid JSON' : 'JSON matching the schema'
  let value: unknown
  try {
    value = JSON.parse(spec.fence === false ? output.text : unfence(output.text))
  } catch (error) {
    return {
      type: 'json',
      label,
      passed: false,
      reason: `not JSON (${error instanceof Error ? error.message : String(error)}): ${quoteOutput(output.text)}`,
    }
  }
  const check = checkAgainst(spec.schema, value)
  return check.ok
    ? {
        type: 'json',
        label,
        passed: true,
        reason: spec.schema === undefined ? 'the output is JSON' : 'the JSON matches the schema',
      }
    : { type: 'json', label, passed: false, reason: check.reason }
}

export function gradeToolCall(spec: Spec<'tool-call'>, output: CellOutput): GraderResult {
  const label = `calls ${spec.name}${spec.arguments === undefined ? '' : ' with matching arguments'}`
  const fail = (reason: string): GraderResult => ({ type: 'tool-call', label, passed: false, reason })
  const calls = output.toolCalls.filter((call) => call.name === spec.name)
  if (calls.length === 0) {
    const made = output.toolCalls.map((c) => c.name)
    return fail(made.length === 0 ? 'no tool was called' : `called ${made.join(', ')} instead`)
  }
  let lastReason = ''
  for (const call of calls) {
    let args: unknown
    try {
      args = JSON.parse(call.arguments === '' ? '{}' : call.arguments)
    } catch {
      lastReason = `its arguments are not JSON: ${quoteOutput(call.arguments)}`
      continue
    }
    const check = checkAgainst(spec.arguments, args)
    if (check.ok)
      return {
        type: 'tool-call',
        label,
        passed: true,
        reason: `called ${spec.name} with ${quoteOutput(call.arguments)}`,
      }
    lastReason = `its arguments ${check.reason}`
  }
  return fail(`called ${spec.name}, but ${lastReason}`)
}

/** promptfoo's bound on one object's span in contains-json: a brace left open does not scan on forever. */
const MAX_OBJECT_CHARS = 100_000

/** Parses one `{…}` span: JSON, else a YAML flow mapping (`{city: Oslo}`), as promptfoo reads it. */
function parseObjectSpan(span: string): object | undefined {
  try {
    const value: unknown = JSON.parse(span)
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    try {
      const value: unknown = parseYaml(span, { maxAliasCount: 0 })
      return typeof value === 'object' && value !== null ? value : undefined
    } catch {
      return undefined
    }
  }
}

/**
 * The objects inside a text, left to right: from each `{`, the shortest balanced span that parses
 * (a span cut by the end of the text is closed with the braces it lacks), as promptfoo's
 * extractJsonObjects finds them; the scan goes on after each object found.
 */
export function findJsonObjects(text: string): object[] {
  const found: object[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{') continue
    let open = 1
    let close = 0
    const end = Math.min(i + MAX_OBJECT_CHARS, text.length)
    for (let j = i + 1; j < end && open > close;) {
      if (text[j] === '{') open++
      if (text[j] === '}') close++
      j++
      if (open !== close && j !== text.length && j !== i + MAX_OBJECT_CHARS) continue
      const value = parseObjectSpan(text.slice(i, j) + '}'.repeat(Math.max(0, open - close)))
      if (value !== undefined) {
        found.push(value)
        i = j - 1
        break
      }
      if (open === close) break
    }
  }
  return found
}

export function gradeContainsJson(spec: Spec<'contains-json'>, output: CellOutput): GraderResult {
  const label = spec.schema === undefined ? 'contains JSON' : 'contains JSON matching the schema'
  const objects = findJsonObjects(output.text)
  if (objects.length === 0)
    return {
      type: 'contains-json',
      label,
      passed: false,
      reason: `no JSON object in ${quoteOutput(output.text)}`,
    }
  let reason = ''
  for (const value of objects) {
    const check = checkAgainst(spec.schema, value)
    if (check.ok)
      return {
        type: 'contains-json',
        label,
        passed: true,
        reason: `found ${quoteOutput(JSON.stringify(value))}`,
      }
    reason = check.reason
  }
  return { type: 'contains-json', label, passed: false, reason: `no object found matches: ${reason}` }
}
