import { ExampleBudget, EXAMPLE_LIMITS, ExampleTooLarge } from './example-budget'
import { compile, exampleForPattern } from './regex-example'
import { Sampler } from '../sampler'
import { numberHint, stringHint, type ValueHints } from './value-hints'

/**
 * A value valid against a JSON Schema, made deterministically from the sampler: tool-call arguments
 * and json_schema replies. Supported: type (also as a list), object (properties, required,
 * additionalProperties, min/maxProperties), array (items, prefixItems, tuple `items`, min/maxItems,
 * uniqueItems), string (enum, const, min/maxLength in code points, simple `pattern`s, formats date,
 * date-time, time, email, uri/url, uuid, hostname, ipv4, ipv6), number/integer (minimum, maximum,
 * exclusiveMinimum/Maximum in both the draft-4 boolean and the numeric form, multipleOf), boolean,
 * null, const, enum, anyOf/oneOf (one branch), allOf (merged), and $ref into #/$defs, #/definitions
 * or any local JSON pointer. Unsupported keywords are ignored, so exotic schemas get a best effort.
 *
 * The whole value is bounded (example-budget.ts): a schema asking for more throws ExampleTooLarge.
 *
 * Why not json-schema-faker (0.6.3 with generateSync and a seed): it is deterministic, but not
 * bounded: `{"type":"string","minLength":50000000}` or three nested arrays of minItems 100 of
 * 100-character strings keep it busy and growing with no way to stop it; where it does stop it breaks
 * the schema silently (`minItems: 100000000` → `[]`, `minProperties: 100000` → an exception about
 * additionalProperties); and on the fixture schemas (ajv as the judge) it made invalid values for a
 * pattern with minLength, draft-4 exclusive bounds, draft-4 tuples and a recursive tree, and threw on
 * minProperties with additionalProperties: false, where this generator is valid on all. Its values
 * also ignore the property names and the user's words (`city` → ""), which is what makes a simulated
 * tool call read like a real one (value-hints.ts). A total budget would have to be wrapped around its
 * internals, so the hand-written generator stays, with one.
 */
export function exampleFromSchema(schema: unknown, sampler: Sampler, hints: ValueHints): unknown {
  return new ExampleWriter(schema, sampler, hints).value(schema, 0, undefined, 0, 0)
}

type Schema = Record<string, unknown>

/** Below this depth optional properties are filled in; deeper, only what is required. */
const OPTIONAL_DEPTH = 3
/** From this depth, anyOf/oneOf prefer the branch that ends a recursion. */
const TERMINATE_DEPTH = 8
/** A recursive schema ($ref: '#') whose recursion is required has no finite instance: stop here. */
const MAX_DEPTH = 32
/** Schema hops ($ref, allOf, oneOf…) without nesting, e.g. a $ref cycle: stop here. */
const MAX_HOPS = 256

class ExampleWriter {
  private readonly budget = new ExampleBudget()
  /** Whether a schema mentions $ref anywhere, per schema object: asked at every deep anyOf. */
  private readonly refersCache = new WeakMap<object, boolean>()

  constructor(
    private readonly root: unknown,
    private readonly sampler: Sampler,
    private readonly hints: ValueHints,
  ) {}

  /**
   * `depth` counts nesting (objects, arrays); `hops` counts every step, references included.
   * `ordinal` > 0 asks for another value than ordinal 0 gives: array items differ, `uniqueItems` holds.
   */
  value(raw: unknown, depth: number, name: string | undefined, ordinal: number, hops: number): unknown {
    this.budget.step()
    if (raw === false) return undefined
    if (!isSchema(raw)) return this.untyped(name, ordinal)
    if (depth > MAX_DEPTH || hops > MAX_HOPS) return null
    let schema = raw

    if (typeof schema['$ref'] === 'string') {
      const { $ref, ...siblings } = schema
      const target = this.resolve($ref as string)
      schema = isSchema(target) ? this.merge(target, siblings) : siblings
      return this.value(schema, depth, name, ordinal, hops + 1)
    }
    if ('const' in schema) return schema['const']
    if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
      const options = schema['enum']
      const index =
        ordinal > 0
          ? ordinal % options.length
          : this.sampler.greedy
            ? 0
            : this.sampler.int(0, options.length - 1)
      return options[index]
    }
    if (Array.isArray(schema['allOf']) && schema['allOf'].length > 0) {
      const { allOf, ...rest } = schema
      let merged: Schema = rest
      for (const part of allOf as unknown[]) {
        const resolved =
          isSchema(part) && typeof part['$ref'] === 'string' ? this.resolve(part['$ref']) : part
        if (isSchema(resolved)) merged = this.merge(merged, resolved)
      }
      return this.value(merged, depth, name, ordinal, hops + 1)
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = schema[keyword]
      if (Array.isArray(branches) && branches.length > 0) {
        const { [keyword]: _chosen, ...rest } = schema
        const branch = this.chooseBranch(branches, depth)
        const resolved =
          isSchema(branch) && typeof branch['$ref'] === 'string' ? this.resolve(branch['$ref']) : branch
        return this.value(
          isSchema(resolved) ? this.merge(rest, resolved) : rest,
          depth,
          name,
          ordinal,
          hops + 1,
        )
      }
    }

    const type = this.chooseType(schema)
    switch (type) {
      case 'object':
        return this.object(schema, depth, ordinal, hops)
      case 'array':
        return this.array(schema, depth, name, ordinal, hops)
      case 'string':
        return this.string(schema, name, ordinal)
      case 'integer':
        return this.number(schema, true, name, ordinal)
      case 'number':
        return this.number(schema, false, name, ordinal)
      case 'boolean':
        // Ordinals alternate false, true, … so two booleans can always be told apart.
        return ordinal > 0 ? ordinal % 2 === 0 : this.sampler.greedy ? true : this.sampler.chance(0.5)
      case 'null':
        return null
      case undefined:
        return this.untyped(name, ordinal)
      default: {
        const unreachable: never = type
        throw new Error(`unknown JSON type ${String(unreachable)}`)
      }
    }
  }

  /** `{}` or `true` accept anything: say something that fits the name. */
  private untyped(name: string | undefined, ordinal: number): unknown {
    const hinted = stringHint(name, this.hints)
    const numeric = numberHint(name)
    if (hinted === undefined && numeric !== undefined) return numeric + ordinal
    const base = hinted ?? 'example'
    return this.charged(ordinal > 0 ? `${base} ${ordinal + 1}` : base)
  }

  /** A string that goes into the value, paid for. */
  private charged(text: string): string {
    this.budget.characters(text.length)
    return text
  }

  /** mergeSchemas, paid for by the properties it copies (a $ref to a big schema, followed often). */
  private merge(a: Schema, b: Schema): Schema {
    const count = (s: Schema) => (isSchema(s['properties']) ? Object.keys(s['properties']).length : 0)
    this.budget.step(count(a) + count(b))
    return mergeSchemas(a, b)
  }

  private refersToSomething(branch: unknown): boolean {
    if (!isSchema(branch)) return false
    let refers = this.refersCache.get(branch)
    if (refers === undefined) {
      // Once per schema object: the scan costs the schema's size, which the body cap bounds.
      refers = JSON.stringify(branch).includes('"$ref"')
      this.refersCache.set(branch, refers)
    }
    return refers
  }

  private resolve(ref: string): unknown {
    if (!ref.startsWith('#')) return undefined
    const pointer = ref.slice(1)
    if (pointer === '') return this.root
    if (!pointer.startsWith('/')) return undefined
    let node: unknown = this.root
    for (const raw of pointer.slice(1).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
      if (typeof node !== 'object' || node === null) return undefined
      node = (node as Record<string, unknown>)[key]
    }
    return node
  }

  /**
   * A branch: the first non-null one when greedy (more to show than `null`), else any. Deep down, the
   * branch that ends recursion instead (`null`, or one without a $ref), so a linked list ends.
   */
  private chooseBranch(branches: unknown[], depth: number): unknown {
    const isNull = (branch: unknown) => isSchema(branch) && branch['type'] === 'null'
    if (depth >= TERMINATE_DEPTH) {
      return (
        branches.find(isNull) ??
        branches.find((branch) => isSchema(branch) && !this.refersToSomething(branch)) ??
        branches[0]
      )
    }
    if (!this.sampler.greedy) return branches[this.sampler.int(0, branches.length - 1)]
    return branches.find((branch) => !isNull(branch)) ?? branches[0]
  }

  private chooseType(schema: Schema): JsonType | undefined {
    const declared = schema['type']
    const types = (Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]).filter(
      isJsonType,
    )
    if (types.length > 0) {
      const informative = types.filter((t) => t !== 'null')
      if (informative.length === 0) return 'null'
      return this.sampler.greedy ? informative[0] : informative[this.sampler.int(0, informative.length - 1)]
    }
    // No `type`: the keywords tell what is meant.
    const has = (...keys: string[]) => keys.some((key) => key in schema)
    if (has('properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'))
      return 'object'
    if (has('items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems')) return 'array'
    if (has('minLength', 'maxLength', 'pattern', 'format')) return 'string'
    if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number'
    return undefined
  }

  private object(schema: Schema, depth: number, ordinal: number, hops: number): Record<string, unknown> {
    const properties = isSchema(schema['properties']) ? schema['properties'] : {}
    const required = new Set(stringList(schema['required']))
    const additional = schema['additionalProperties']
    const minProperties = nonNegativeInteger(schema['minProperties']) ?? 0
    ExampleBudget.refuseOver('minProperties', minProperties, EXAMPLE_LIMITS.values)
    const result: Record<string, unknown> = {}
    /** Object.keys(result).length, kept as a count: asking for it in a loop made minProperties quadratic. */
    let size = 0
    const put = (key: string, value: unknown) => {
      if (!(key in result)) {
        size++
        this.budget.value()
        this.charged(key)
      }
      result[key] = value
    }
    const optionalKeys: string[] = []

    for (const [key, propertySchema] of Object.entries(properties)) {
      this.budget.step()
      const isRequired = required.has(key)
      if (!isRequired) {
        optionalKeys.push(key)
        if (depth >= OPTIONAL_DEPTH) continue
        if (!this.sampler.greedy && !this.sampler.chance(0.75)) continue
      }
      const value = this.value(propertySchema, depth + 1, key, ordinal, hops + 1)
      if (value !== undefined) put(key, value)
    }
    // Required names that `properties` does not describe are governed by additionalProperties.
    for (const key of required) {
      if (key in result) continue
      const value = this.value(isSchema(additional) ? additional : true, depth + 1, key, ordinal, hops + 1)
      put(key, value === undefined ? null : value)
    }

    for (const key of optionalKeys) {
      if (size >= minProperties) break
      if (key in result) continue
      const value = this.value(properties[key], depth + 1, key, ordinal, hops + 1)
      if (value !== undefined) put(key, value)
    }
    for (let extra = 1; size < minProperties && additional !== false; extra++) {
      const value = this.value(
        isSchema(additional) ? additional : true,
        depth + 1,
        undefined,
        // Offset by the object's own ordinal, so two such objects in a unique array differ.
        ordinal + extra,
        hops + 1,
      )
      put(`extra_${extra}`, value === undefined ? null : value)
    }

    const maxProperties = nonNegativeInteger(schema['maxProperties'])
    if (size === 0 && ordinal > 0 && additional !== false && maxProperties !== 0) {
      // `{}` has no other value: a further ordinal of an open object says which one it is, so an
      // array of them can hold uniqueItems.
      const value = this.value(
        isSchema(additional) ? additional : true,
        depth + 1,
        undefined,
        ordinal,
        hops + 1,
      )
      put(`extra_${ordinal}`, value === undefined ? null : value)
    }
    if (maxProperties !== undefined) {
      for (let i = optionalKeys.length - 1; i >= 0 && size > maxProperties; i--) {
        const key = optionalKeys[i] as string
        if (!(key in result)) continue
        delete result[key]
        size--
      }
    }
    return result
  }

  private array(
    schema: Schema,
    depth: number,
    name: string | undefined,
    ordinal: number,
    hops: number,
  ): unknown[] {
    // 2020-12 `prefixItems` + `items`, or draft-4..2019 tuple `items` + `additionalItems`.
    const tupleItems = schema['items']
    const prefix: unknown[] = Array.isArray(schema['prefixItems'])
      ? schema['prefixItems']
      : Array.isArray(tupleItems)
        ? tupleItems
        : []
    const rest: unknown = Array.isArray(tupleItems)
      ? (schema['additionalItems'] ?? true)
      : (tupleItems ?? true)
    const minItems = nonNegativeInteger(schema['minItems']) ?? 0
    ExampleBudget.refuseOver('minItems', minItems, EXAMPLE_LIMITS.values)
    const maxItems = nonNegativeInteger(schema['maxItems']) ?? Infinity
    const preferred = depth >= OPTIONAL_DEPTH ? 0 : this.sampler.greedy ? 2 : this.sampler.int(1, 3)
    const count = Math.min(Math.max(preferred, minItems), maxItems)
    const unique = schema['uniqueItems'] === true
    const itemName = name === undefined ? undefined : singular(name)

    const items: unknown[] = []
    const seen = new Set<string>()
    for (let i = 0; i < count; i++) {
      const itemSchema = i < prefix.length ? prefix[i] : rest
      if (itemSchema === false) break
      // Each item gets its own ordinal so a list reads "a, b" rather than "a, a"; with uniqueItems we
      // keep asking for further ordinals until the item is new (enums cycle, strings get a number…).
      let itemOrdinal = ordinal + i
      let item = this.value(itemSchema, depth + 1, itemName, itemOrdinal, hops + 1)
      while (unique && seen.has(this.charged(canonicalKey(item))) && itemOrdinal < ordinal + i + 16) {
        itemOrdinal++
        item = this.value(itemSchema, depth + 1, itemName, itemOrdinal, hops + 1)
      }
      if (unique && seen.has(canonicalKey(item))) break
      if (unique) seen.add(this.charged(canonicalKey(item)))
      this.budget.value()
      items.push(item === undefined ? null : item)
    }
    if (items.length < minItems) {
      // No more different items came (objects whose optional properties are left out this deep are
      // all `{}`), or the schema allows no more: a value breaking the schema is worse than a 400.
      throw new ExampleTooLarge(
        `minItems ${minItems}${unique ? ' with uniqueItems' : ''}: only ${items.length} item${items.length === 1 ? '' : 's'} could be made`,
      )
    }
    return items
  }

  private string(schema: Schema, name: string | undefined, ordinal: number): string {
    const minLength = nonNegativeInteger(schema['minLength']) ?? 0
    ExampleBudget.refuseOver('minLength', minLength, EXAMPLE_LIMITS.characters)
    const maxLength = nonNegativeInteger(schema['maxLength']) ?? Infinity
    const fits = (text: string) => {
      const length = codePointLength(text)
      return length >= minLength && length <= maxLength
    }
    const pattern = typeof schema['pattern'] === 'string' ? schema['pattern'] : undefined
    const regex = pattern === undefined ? undefined : compile(pattern)
    const matches = (text: string) => regex === undefined || regex.test(text)

    const formatted =
      typeof schema['format'] === 'string' ? this.formatted(schema['format'], ordinal) : undefined
    if (formatted !== undefined && fits(formatted) && matches(formatted)) return this.charged(formatted)

    if (pattern !== undefined) {
      // The pattern's own choice first, then repetitions stretched or shrunk toward the length bounds.
      const longest = Math.min(maxLength, EXAMPLE_LIMITS.characters)
      const repeats = [undefined, 1, minLength, Number.isFinite(longest) ? longest : undefined, 2, 0]
      // Another ordinal must give another string (uniqueItems: `^(ab)+$` × 5 are ab, abab, …), also at
      // temperature 0: its own repetition count first, and choices from a sampler of its own.
      // (Unique strings of a pattern with little choice grow with their number: the budget bounds that.)
      if (ordinal > 0) repeats.unshift(ordinal + 1)
      const sampler = ordinal > 0 ? new Sampler(ordinal, { greedy: false }) : this.sampler
      for (const repeat of repeats) {
        // Charged as generated (a candidate dropped still cost its characters), then once more if kept.
        const candidate = exampleForPattern(pattern, sampler, repeat, this.budget)
        if (candidate !== undefined && fits(candidate)) return this.charged(candidate)
      }
      // Outside our regex subset: a fixed list of usual shapes, the first that fits wins.
      const fallback = PATTERN_FALLBACKS.find((candidate) => fits(candidate) && matches(candidate))
      if (fallback !== undefined) return this.charged(fallback)
    }

    let text =
      stringHint(name, this.hints) ?? (this.sampler.greedy ? 'example' : this.sampler.pick(PLAIN_WORDS))
    if (ordinal > 0) text = `${text} ${ordinal + 1}`
    const missing = minLength - codePointLength(text)
    if (missing > 0) text += text === '' ? 'x'.repeat(missing) : ' example'.repeat(Math.ceil(missing / 8))
    return this.charged(codePointLength(text) > maxLength ? firstCodePoints(text, maxLength) : text)
  }

  private formatted(format: string, ordinal: number): string | undefined {
    const day = this.sampler.greedy ? 15 : this.sampler.int(1, 28)
    const date = `2025-0${(ordinal % 9) + 1}-${String(day).padStart(2, '0')}`
    switch (format) {
      case 'date':
        return date
      case 'date-time':
        return `${date}T09:30:00Z`
      case 'time':
        return `09:${String(30 + (ordinal % 30)).padStart(2, '0')}:00Z`
      case 'email':
      case 'idn-email':
        return ordinal > 0 ? `ada${ordinal + 1}@example.com` : 'ada@example.com'
      case 'uri':
      case 'url':
      case 'iri':
        return `https://example.com/simulated${ordinal > 0 ? `/${ordinal + 1}` : ''}`
      case 'uri-reference':
      case 'iri-reference':
        return `/simulated${ordinal > 0 ? `/${ordinal + 1}` : ''}`
      case 'hostname':
      case 'idn-hostname':
        return ordinal > 0 ? `host${ordinal + 1}.example.com` : 'example.com'
      case 'ipv4':
        return `192.0.2.${10 + (ordinal % 200)}`
      case 'ipv6':
        return `2001:db8::${(10 + ordinal).toString(16)}`
      case 'uuid': {
        const hex = this.sampler.alphanumeric(32, '0123456789abcdef')
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
      }
      case 'duration':
        return `P${ordinal + 1}D`
      default:
        return undefined
    }
  }

  private number(schema: Schema, integer: boolean, name: string | undefined, ordinal: number): number {
    const { lower, upper } = numericBounds(schema)
    const multipleOf =
      typeof schema['multipleOf'] === 'number' && schema['multipleOf'] > 0 ? schema['multipleOf'] : undefined
    const step = integer ? integerStep(multipleOf) : multipleOf

    let preferred = numberHint(name) ?? (this.sampler.greedy ? 1 : this.sampler.int(1, 100))
    if (integer) preferred = Math.round(preferred)
    preferred += ordinal * (step ?? 1)

    const above = (v: number) => lower === undefined || (lower.exclusive ? v > lower.value : v >= lower.value)
    const below = (v: number) => upper === undefined || (upper.exclusive ? v < upper.value : v <= upper.value)

    if (step !== undefined) {
      const at = (k: number) => roundToStep(k * step, step)
      let kLow = lower === undefined ? -Infinity : Math.ceil(lower.value / step)
      let kHigh = upper === undefined ? Infinity : Math.floor(upper.value / step)
      // Floating-point division can land a step off either way, and an exclusive bound excludes
      // itself: settle on the first multiple above the bound (a few steps at most, so capped).
      for (let i = 0; i < 4 && Number.isFinite(kLow) && !above(at(kLow)); i++) kLow++
      for (let i = 0; i < 4 && Number.isFinite(kLow) && above(at(kLow - 1)); i++) kLow--
      for (let i = 0; i < 4 && Number.isFinite(kHigh) && !below(at(kHigh)); i++) kHigh--
      for (let i = 0; i < 4 && Number.isFinite(kHigh) && below(at(kHigh + 1)); i++) kHigh++
      const clamped = Math.min(Math.max(Math.round(preferred / step), kLow), kHigh)
      const k = Number.isFinite(clamped) ? clamped : 0
      // Validators test `value / multipleOf` for an integer in floating point (ajv, Python's
      // jsonschema): 48.9 / 0.1 is 488.99999999999994, refused. Take the nearest multiple that
      // divides exactly (49 / 0.1 is 490), if there is one within a few steps.
      for (let distance = 0; distance < 32; distance++) {
        for (const candidate of distance === 0 ? [k] : [k + distance, k - distance]) {
          if (candidate < kLow || candidate > kHigh) continue
          const value = at(candidate)
          if (Number.isInteger(value / step)) return value
        }
      }
      return at(k)
    }
    if (above(preferred) && below(preferred)) return preferred
    if (lower !== undefined && upper !== undefined) return (lower.value + upper.value) / 2
    if (lower !== undefined) return lower.exclusive ? lower.value + 1 : lower.value
    if (upper !== undefined) return upper.exclusive ? upper.value - 1 : upper.value
    return preferred
  }
}

type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null'
const JSON_TYPES: ReadonlySet<string> = new Set([
  'object',
  'array',
  'string',
  'integer',
  'number',
  'boolean',
  'null',
])
function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && JSON_TYPES.has(value)
}

const PLAIN_WORDS = ['example', 'sample', 'simulated value', 'placeholder'] as const
/** Usual pattern shapes, tried in order when a pattern is outside the regex subset we generate from. */
const PATTERN_FALLBACKS = [
  'example',
  'abc123',
  'ABC',
  'ABC-123',
  '2025-01-15',
  '09:30',
  'ada@example.com',
  'https://example.com',
  '0',
  '123',
  'a',
  'A',
  '_',
  '',
]

type Bound = { value: number; exclusive: boolean }

/** Both spellings: draft 4's boolean `exclusiveMinimum` next to `minimum`, draft 6+'s numeric one. */
function numericBounds(schema: Schema): { lower: Bound | undefined; upper: Bound | undefined } {
  const pick = (inclusiveKey: string, exclusiveKey: string, tighter: (a: number, b: number) => boolean) => {
    const inclusive = typeof schema[inclusiveKey] === 'number' ? (schema[inclusiveKey] as number) : undefined
    const exclusiveRaw = schema[exclusiveKey]
    if (exclusiveRaw === true && inclusive !== undefined) return { value: inclusive, exclusive: true }
    const exclusive = typeof exclusiveRaw === 'number' ? exclusiveRaw : undefined
    if (exclusive !== undefined && (inclusive === undefined || !tighter(inclusive, exclusive))) {
      return { value: exclusive, exclusive: true }
    }
    return inclusive === undefined ? undefined : { value: inclusive, exclusive: false }
  }
  return {
    lower: pick('minimum', 'exclusiveMinimum', (inclusive, exclusive) => inclusive > exclusive),
    upper: pick('maximum', 'exclusiveMaximum', (inclusive, exclusive) => inclusive < exclusive),
  }
}

/** The smallest positive multiple of `multipleOf` that is an integer (1 when there is none). */
function integerStep(multipleOf: number | undefined): number {
  if (multipleOf === undefined) return 1
  for (let n = 1; n <= 1000; n++) {
    const candidate = multipleOf * n
    if (Math.abs(candidate - Math.round(candidate)) < 1e-9) return Math.round(candidate)
  }
  return 1
}

/** k × 0.1 is 0.30000000000000004 in floating point: keep the digits `step` has, no more. */
function roundToStep(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length
  return decimals === 0 ? value : Number(value.toFixed(Math.min(decimals, 15)))
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function nonNegativeInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined
}

function canonicalKey(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined'
}

function firstCodePoints(text: string, count: number): string {
  let out = ''
  let taken = 0
  for (const codePoint of text) {
    if (taken === count) break
    out += codePoint
    taken++
  }
  return out
}

function codePointLength(text: string): number {
  let length = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0xdc00 || code > 0xdfff || i === 0 || !isHigh(text.charCodeAt(i - 1))) length++
  }
  return length
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1)
  return name
}

/**
 * Two schemas that must both hold, as one: later keywords win, except that properties are merged,
 * `required` lists are united and numeric/length bounds take the tighter value.
 */
function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b }
  if (isSchema(a['properties']) || isSchema(b['properties'])) {
    const aProps = isSchema(a['properties']) ? a['properties'] : {}
    const bProps = isSchema(b['properties']) ? b['properties'] : {}
    const properties: Schema = { ...aProps }
    for (const [key, value] of Object.entries(bProps)) {
      const existing = aProps[key]
      properties[key] = isSchema(existing) && isSchema(value) ? mergeSchemas(existing, value) : value
    }
    merged['properties'] = properties
  }
  if (a['required'] !== undefined || b['required'] !== undefined) {
    merged['required'] = [...new Set([...stringList(a['required']), ...stringList(b['required'])])]
  }
  for (const key of ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']) {
    const values = [a[key], b[key]].filter((v): v is number => typeof v === 'number')
    if (values.length === 2) merged[key] = Math.max(...values)
  }
  for (const key of ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']) {
    const values = [a[key], b[key]].filter((v): v is number => typeof v === 'number')
    if (values.length === 2) merged[key] = Math.min(...values)
  }
  const aTypes = typeList(a['type'])
  const bTypes = typeList(b['type'])
  if (aTypes.length > 0 && bTypes.length > 0) {
    const common = bTypes.filter((t) => aTypes.includes(t) || (t === 'integer' && aTypes.includes('number')))
    const widened = aTypes.filter((t) => t === 'integer' && bTypes.includes('number'))
    const both = [...new Set([...common, ...widened])]
    if (both.length > 0) merged['type'] = both.length === 1 ? both[0] : both
  }
  return merged
}

function typeList(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : []
}
