import { toAsciiJson } from '../http/json-ascii'

const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * A JSON value as JavaScript/TypeScript source that evaluates to an equal value, laid out one
 * property per line like hand-written code. Strings are JSON string literals made printable ASCII
 * (toAsciiJson: a paste can neither hide nor reorder anything); JSON's escapes are all valid in JS.
 * Keys are bare when they are identifier names, quoted otherwise, and `__proto__` is written as a
 * computed key: in an object literal `__proto__: x` (quoted or not) sets the prototype instead of
 * making a property, while JSON.parse makes a property.
 */
export function jsLiteral(value: unknown, indent = '', step = '  '): string {
  if (
    value === null ||
    typeof value === 'boolean' ||
    typeof value === 'number' ||
    typeof value === 'string'
  ) {
    return toAsciiJson(value)
  }
  const inner = indent + step
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => inner + jsLiteral(item, inner, step) + ',')
    return `[\n${items.join('\n')}\n${indent}]`
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return '{}'
    const lines = entries.map(([key, item]) => `${inner}${jsKey(key)}: ${jsLiteral(item, inner, step)},`)
    return `{\n${lines.join('\n')}\n${indent}}`
  }
  throw new TypeError(`not a JSON value: ${typeof value}`)
}

export function jsKey(key: string): string {
  if (key === '__proto__') return `[${toAsciiJson(key)}]`
  return IDENTIFIER_NAME.test(key) ? key : toAsciiJson(key)
}
