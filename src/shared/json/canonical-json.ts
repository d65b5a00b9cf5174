/**
 * Canonical JSON: one text per JSON value, whatever order its keys were written in. The simulator
 * seeds its replies with a hash of it (request-hash.ts) and cassettes are matched by a hash of it
 * (src/node/cassettes), so two requests that mean the same thing hash the same.
 */

/**
 * JSON with object keys sorted, so the hash does not depend on the order a client wrote its keys in
 * (a JSON Schema with the same properties in another order is the same tool). `undefined` members are
 * dropped exactly like JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = []
  writeCanonical(value, (piece) => out.push(piece))
  return out.join('')
}

/** Writes `value` as canonical JSON, piece by piece (a caller may hash the pieces instead of joining them). */
export function writeCanonical(value: unknown, write: (piece: string) => void): void {
  if (value === null || typeof value !== 'object') {
    write(JSON.stringify(value) ?? 'null')
    return
  }
  if (Array.isArray(value)) {
    write('[')
    value.forEach((item, i) => {
      if (i > 0) write(',')
      writeCanonical(item === undefined ? null : item, write)
    })
    write(']')
    return
  }
  const record = value as Record<string, unknown>
  write('{')
  let first = true
  for (const key of Object.keys(record).sort()) {
    const member = record[key]
    if (member === undefined || typeof member === 'function') continue
    if (!first) write(',')
    first = false
    write(JSON.stringify(key))
    write(':')
    writeCanonical(member, write)
  }
  write('}')
}
