import { parse as parseYaml } from 'yaml'
import type { GraderSpec, PositiveGraderSpec } from '../grader-spec'
import { fillTemplate, type TemplateValues } from '../../templates/template'
import { PromptfooConfigError } from './promptfoo-config-error'

/**
 * promptfoo assertions as our graders, with promptfoo 0.121's semantics: `equals` is exact (an object
 * value compares the output parsed as JSON), `is-json` takes no code fence, `contains-any`/`-all`
 * take a list or a comma-separated string (double quotes keep a comma), `latency` and `cost` read
 * `threshold`, `llm-rubric` is our rubric grader, and every `not-` form negates. String values are
 * filled with the test's variables first, as promptfoo renders them.
 */
type PromptfooAssert = {
  type?: unknown
  value?: unknown
  threshold?: unknown
  weight?: unknown
  metric?: unknown
  provider?: unknown
}

/** Assertion fields read; `weight` and `metric` only matter to scores, which decide nothing without a threshold. */
const ASSERT_KEYS = new Set(['type', 'value', 'threshold', 'weight', 'metric', 'provider'])

/** Assertion types read here (each also as `not-<type>`). */
const SUPPORTED_ASSERTIONS = [
  'equals',
  'contains',
  'icontains',
  'contains-any',
  'icontains-any',
  'contains-all',
  'icontains-all',
  'starts-with',
  'regex',
  'is-json',
  'contains-json',
  'latency',
  'cost',
  'llm-rubric',
] as const
type Supported = (typeof SUPPORTED_ASSERTIONS)[number]

/** An assertion refused unless asked to skip it: what it is, and where. */
export type UnsupportedAssert = { type: string; path: string }

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c)

/** A double-quoted field from `at` (on its opening quote): `\"`, `\\` and `""` escape. */
function quotedField(value: string, at: number, path: string): { field: string; next: number } {
  let field = ''
  for (let i = at + 1; i < value.length;) {
    const c = value[i] as string
    if (c === '\\' && (value[i + 1] === '"' || value[i + 1] === '\\')) {
      field += value[i + 1]
      i += 2
    } else if (c === '"' && value[i + 1] === '"') {
      field += '"'
      i += 2
    } else if (c === '"') return { field, next: i + 1 }
    else {
      field += c
      i++
    }
  }
  throw new PromptfooConfigError(`${path}.value`, 'a quoted field is not closed')
}

/**
 * promptfoo's reading of `a, "b, c", d` (its parseCommaSeparatedValues): fields split on commas and
 * trimmed, empty ones dropped, a double-quoted field kept whole.
 */
export function splitCommaValues(value: string, path: string): string[] {
  const fields: string[] = []
  let i = 0
  while (i < value.length) {
    while (i < value.length && (isSpace(value[i]) || value[i] === ',')) i++
    if (i >= value.length) break
    if (value[i] === '"') {
      const { field, next } = quotedField(value, i, path)
      fields.push(field)
      for (i = next; isSpace(value[i]);) i++
      if (i < value.length && value[i] !== ',')
        throw new PromptfooConfigError(`${path}.value`, 'a quoted field must be followed by a comma')
    } else {
      const start = i
      while (i < value.length && value[i] !== ',') i++
      fields.push(value.slice(start, i).trim())
    }
  }
  return fields
}

function fill(value: unknown, vars: TemplateValues): unknown {
  if (typeof value === 'string') return fillTemplate(value, vars)
  if (Array.isArray(value)) return value.map((v) => fill(v, vars))
  return value
}

function textValue(value: unknown, path: string): string {
  if ((typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value)))
    return String(value)
  throw new PromptfooConfigError(`${path}.value`, 'must be a non-empty string or a number')
}

function listValue(value: unknown, path: string): string[] {
  const list = typeof value === 'string' ? splitCommaValues(value, path) : value
  if (!Array.isArray(list) || list.length === 0)
    throw new PromptfooConfigError(`${path}.value`, 'must be a list or a comma-separated string')
  return list.map((v, i) => textValue(v, `${path}.value[${i}]`))
}

function schemaValue(value: unknown, path: string): Record<string, unknown> | undefined {
  if (value === undefined || value === '') return undefined
  const schema = typeof value === 'string' ? (parseYaml(value, { maxAliasCount: 0 }) as unknown) : value
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw new PromptfooConfigError(`${path}.value`, 'must be a JSON Schema (a mapping, or YAML text of one)')
  return schema as Record<string, unknown>
}

function thresholdOf(a: PromptfooAssert, path: string, positive: boolean): number {
  const t = a.threshold
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || (positive && t === 0))
    throw new PromptfooConfigError(
      `${path}.threshold`,
      `must be a number${positive ? ' above 0' : ' of 0 or more'}`,
    )
  return t
}

function equalsSpec(value: unknown, path: string): PositiveGraderSpec {
  if (typeof value === 'object' && value !== null)
    return { type: 'json', schema: { const: value }, fence: false }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { type: 'equals', value: String(value), trim: false }
  throw new PromptfooConfigError(`${path}.value`, 'must be a string, a number or a JSON value')
}

function positiveSpec(type: Supported, a: PromptfooAssert, value: unknown, path: string): PositiveGraderSpec {
  switch (type) {
    case 'equals':
      return equalsSpec(value, path)
    case 'contains':
    case 'icontains':
      return { type: 'contains', value: textValue(value, path), ignoreCase: type === 'icontains' }
    case 'contains-any':
    case 'icontains-any':
      return { type: 'contains-any', values: listValue(value, path), ignoreCase: type === 'icontains-any' }
    case 'contains-all':
    case 'icontains-all':
      return { type: 'contains-all', values: listValue(value, path), ignoreCase: type === 'icontains-all' }
    case 'starts-with':
      return { type: 'starts-with', value: textValue(value, path) }
    case 'regex':
      return { type: 'regex', pattern: textValue(value, path) }
    case 'is-json': {
      const schema = schemaValue(value, path)
      return { type: 'json', fence: false, ...(schema === undefined ? {} : { schema }) }
    }
    case 'contains-json': {
      const schema = schemaValue(value, path)
      return { type: 'contains-json', ...(schema === undefined ? {} : { schema }) }
    }
    case 'latency':
      return { type: 'latency', maxTotalMs: thresholdOf(a, path, true) }
    case 'cost':
      return { type: 'cost', max: thresholdOf(a, path, false) }
    case 'llm-rubric':
      return { type: 'rubric', rubric: textValue(value, path) }
  }
}

/**
 * One assertion as a grader, or `unsupported` with its name (the caller refuses or skips those).
 * `threshold` is read by latency and cost only: elsewhere it turns a verdict into a score cut-off,
 * which is refused rather than ignored.
 */
export function readAssert(
  entry: unknown,
  vars: TemplateValues,
  path: string,
): GraderSpec | UnsupportedAssert {
  const a = (entry ?? {}) as PromptfooAssert
  if (typeof a.type !== 'string' || a.type === '')
    throw new PromptfooConfigError(path, 'an assertion needs a type')
  const negated = a.type.startsWith('not-')
  const base = negated ? a.type.slice(4) : a.type
  if (!(SUPPORTED_ASSERTIONS as readonly string[]).includes(base)) return { type: a.type, path }
  for (const key of Object.keys(a))
    if (!ASSERT_KEYS.has(key))
      throw new PromptfooConfigError(`${path}.${key}`, `is not read for ${a.type} assertions`)
  if (a.threshold !== undefined && base !== 'latency' && base !== 'cost')
    throw new PromptfooConfigError(`${path}.threshold`, `a score threshold on ${a.type} is not supported`)
  const spec = positiveSpec(base as Supported, a, fill(a.value, vars), path)
  return negated ? { type: 'not', grader: spec } : spec
}
