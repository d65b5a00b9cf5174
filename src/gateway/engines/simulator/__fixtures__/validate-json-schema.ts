/**
 * A small JSON Schema validator for tests only (ajv is not a dependency). Written independently of the
 * generator, from the keyword definitions: what it checks is what a client's validator would check
 * for the keywords the simulator claims to support. Returns the list of violations (empty = valid).
 */
export function validateJsonSchema(instance: unknown, schema: unknown, root: unknown = schema): string[] {
  const errors: string[] = []
  check(instance, schema, root, '$', errors, 0)
  return errors
}

type Node = Record<string, unknown>

function check(
  value: unknown,
  schema: unknown,
  root: unknown,
  path: string,
  errors: string[],
  depth: number,
): void {
  if (depth > 200) {
    errors.push(`${path}: schema recursion too deep`)
    return
  }
  if (schema === true || schema === undefined) return
  if (schema === false) {
    errors.push(`${path}: false schema accepts nothing`)
    return
  }
  if (typeof schema !== 'object' || schema === null) return
  const s = schema as Node

  if (typeof s['$ref'] === 'string') {
    const target = resolvePointer(root, s['$ref'])
    if (target === undefined) errors.push(`${path}: unresolvable $ref ${s['$ref']}`)
    else check(value, target, root, path, errors, depth + 1)
  }
  if ('const' in s && !deepEqual(value, s['const'])) errors.push(`${path}: not the const`)
  if (Array.isArray(s['enum']) && !s['enum'].some((option) => deepEqual(option, value))) {
    errors.push(`${path}: ${JSON.stringify(value)} not in enum`)
  }
  if (s['type'] !== undefined) {
    const types = Array.isArray(s['type']) ? s['type'] : [s['type']]
    if (!types.some((t) => hasType(value, t as string)))
      errors.push(`${path}: ${JSON.stringify(value)} is not ${types.join('|')}`)
  }
  if (Array.isArray(s['allOf']))
    for (const sub of s['allOf']) check(value, sub, root, path, errors, depth + 1)
  if (Array.isArray(s['anyOf'])) {
    if (!s['anyOf'].some((sub) => validateJsonSchema(value, sub, root).length === 0))
      errors.push(`${path}: no anyOf branch`)
  }
  if (Array.isArray(s['oneOf'])) {
    const matching = s['oneOf'].filter((sub) => validateJsonSchema(value, sub, root).length === 0).length
    if (matching !== 1) errors.push(`${path}: ${matching} oneOf branches match`)
  }

  if (typeof value === 'string') checkString(value, s, path, errors)
  if (typeof value === 'number') checkNumber(value, s, path, errors)
  if (Array.isArray(value)) checkArray(value, s, root, path, errors, depth)
  else if (typeof value === 'object' && value !== null)
    checkObject(value as Node, s, root, path, errors, depth)
}

function checkString(value: string, s: Node, path: string, errors: string[]): void {
  const length = [...value].length
  if (typeof s['minLength'] === 'number' && length < s['minLength'])
    errors.push(`${path}: shorter than minLength`)
  if (typeof s['maxLength'] === 'number' && length > s['maxLength'])
    errors.push(`${path}: longer than maxLength`)
  if (typeof s['pattern'] === 'string') {
    let regex: RegExp
    try {
      regex = new RegExp(s['pattern'], 'u')
    } catch {
      regex = new RegExp(s['pattern'])
    }
    if (!regex.test(value)) errors.push(`${path}: ${JSON.stringify(value)} does not match ${s['pattern']}`)
  }
  const format = s['format']
  if (typeof format === 'string' && FORMATS[format] !== undefined && !FORMATS[format].test(value)) {
    errors.push(`${path}: ${JSON.stringify(value)} is not a ${format}`)
  }
}

const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time':
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  time: /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
  url: /^https?:\/\/[^\s]+$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  ipv4: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/,
  ipv6: /^[0-9a-f:]+$/i,
  hostname: /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i,
}

function checkNumber(value: number, s: Node, path: string, errors: string[]): void {
  const minimum = s['minimum']
  const maximum = s['maximum']
  if (typeof minimum === 'number') {
    if (s['exclusiveMinimum'] === true ? value <= minimum : value < minimum)
      errors.push(`${path}: ${value} below minimum`)
  }
  if (typeof maximum === 'number') {
    if (s['exclusiveMaximum'] === true ? value >= maximum : value > maximum)
      errors.push(`${path}: ${value} above maximum`)
  }
  if (typeof s['exclusiveMinimum'] === 'number' && value <= s['exclusiveMinimum']) {
    errors.push(`${path}: ${value} not above exclusiveMinimum`)
  }
  if (typeof s['exclusiveMaximum'] === 'number' && value >= s['exclusiveMaximum']) {
    errors.push(`${path}: ${value} not below exclusiveMaximum`)
  }
  if (typeof s['multipleOf'] === 'number') {
    const quotient = value / s['multipleOf']
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9)
      errors.push(`${path}: ${value} not a multiple of ${s['multipleOf']}`)
  }
}

function checkArray(
  value: unknown[],
  s: Node,
  root: unknown,
  path: string,
  errors: string[],
  depth: number,
): void {
  if (typeof s['minItems'] === 'number' && value.length < s['minItems'])
    errors.push(`${path}: fewer than minItems`)
  if (typeof s['maxItems'] === 'number' && value.length > s['maxItems'])
    errors.push(`${path}: more than maxItems`)
  const tuple = Array.isArray(s['prefixItems'])
    ? s['prefixItems']
    : Array.isArray(s['items'])
      ? s['items']
      : []
  const rest = Array.isArray(s['prefixItems'])
    ? s['items']
    : Array.isArray(s['items'])
      ? s['additionalItems']
      : s['items']
  value.forEach((item, i) => {
    check(item, i < tuple.length ? tuple[i] : rest, root, `${path}[${i}]`, errors, depth + 1)
  })
  if (s['uniqueItems'] === true) {
    for (let i = 0; i < value.length; i++) {
      for (let j = i + 1; j < value.length; j++) {
        if (deepEqual(value[i], value[j])) errors.push(`${path}: items ${i} and ${j} are equal`)
      }
    }
  }
}

function checkObject(
  value: Node,
  s: Node,
  root: unknown,
  path: string,
  errors: string[],
  depth: number,
): void {
  const properties = (s['properties'] ?? {}) as Node
  for (const name of Array.isArray(s['required']) ? (s['required'] as string[]) : []) {
    if (!(name in value)) errors.push(`${path}: missing required ${name}`)
  }
  const count = Object.keys(value).length
  if (typeof s['minProperties'] === 'number' && count < s['minProperties'])
    errors.push(`${path}: fewer than minProperties`)
  if (typeof s['maxProperties'] === 'number' && count > s['maxProperties'])
    errors.push(`${path}: more than maxProperties`)
  for (const [key, member] of Object.entries(value)) {
    if (key in properties) check(member, properties[key], root, `${path}.${key}`, errors, depth + 1)
    else if (s['additionalProperties'] !== undefined) {
      check(member, s['additionalProperties'], root, `${path}.${key}`, errors, depth + 1)
    }
  }
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'boolean':
      return typeof value === 'boolean'
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'array':
      return Array.isArray(value)
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    default:
      return false
  }
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = root
  for (const token of ref.slice(2).split('/')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Node)[key]
  }
  return node
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]))
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => key in b && deepEqual((a as Node)[key], (b as Node)[key]))
  )
}
