/**
 * A JSON value as a Python literal that evaluates to an equal value (`True`/`False`/`None`, dicts,
 * lists, double-quoted strings), one item per line, 4-space indents (PEP 8).
 *
 * Why not JSON.stringify for strings: a JSON escape is not always the same Python escape. A
 * character outside the BMP is a surrogate pair in JSON (`\ud83d\ude00`), which Python reads as two
 * lone surrogates, not the emoji; so every code point is written on its own, as `\UXXXXXXXX` when it
 * is astral. Output is printable ASCII, like the curl and the TypeScript.
 */
export function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('not a JSON number')
    // JSON's number grammar (`1e+21`, `-0.5`) is a subset of Python's.
    return JSON.stringify(value)
  }
  if (typeof value === 'string') return pythonString(value)
  const inner = indent + '    '
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join('\n')}\n${indent}]`
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return '{}'
    const lines = entries.map(([key, item]) => `${inner}${pythonString(key)}: ${pythonLiteral(item, inner)},`)
    return `{\n${lines.join('\n')}\n${indent}}`
  }
  throw new TypeError(`not a JSON value: ${typeof value}`)
}

const SHORT_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
}

/** A double-quoted Python str literal of exactly `text`, in printable ASCII. */
export function pythonString(text: string): string {
  let out = '"'
  // for…of walks code points: a valid surrogate pair comes as one astral character, a lone
  // surrogate as itself (Python strings may hold one, as JS strings may).
  for (const char of text) {
    const short = SHORT_ESCAPES[char]
    const code = char.codePointAt(0) ?? 0
    if (short !== undefined) out += short
    else if (code >= 0x20 && code <= 0x7e) out += char
    else if (code <= 0xff) out += '\\x' + hex(code, 2)
    else if (code <= 0xffff) out += '\\u' + hex(code, 4)
    else out += '\\U' + hex(code, 8)
  }
  return out + '"'
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0')
}
