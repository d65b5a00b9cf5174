import Ajv, { type ValidateFunction } from 'ajv'
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
    value = JSON.parse(unfence(output.text))
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
