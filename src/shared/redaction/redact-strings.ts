/**
 * Every string inside a JSON-like value passed through `redactString`, except the values of the
 * fields named in `keep` (fixed vocabularies a schema checks, like a part's `type`); numbers,
 * booleans and null as they are. Returns new objects; the input is not changed.
 */
export function redactStrings<T>(
  value: T,
  redactString: (text: string) => string,
  keep: ReadonlySet<string> = new Set(),
): T {
  if (typeof value === 'string') return redactString(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => redactStrings(item, redactString, keep)) as T
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [name, item] of Object.entries(value)) {
    out[name] = keep.has(name) ? item : redactStrings(item, redactString, keep)
  }
  return out as T
}
