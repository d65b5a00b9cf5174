import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { cassetteSchema, type Cassette } from './cassette-schema'

/**
 * A cassette's file name: the first 16 hex digits of its hash, then the upstream dialect. A request
 * recorded again from the same dialect replaces its file (the newest take wins); recorded from the
 * other dialect it sits beside it, and replay prefers the one in the client's own dialect.
 */
export function cassetteFileName(cassette: Pick<Cassette, 'hash' | 'upstream'>): string {
  return `${cassette.hash.slice(0, 16)}.${cassette.upstream.dialect}.json`
}

/** `<16 hex>.<dialect>.json`: the hash prefix and dialect of a file name, or undefined for other files. */
export function parseCassetteFileName(name: string): { hashPrefix: string; dialect: string } | undefined {
  const match = /^([0-9a-f]{16})\.([a-z-]+)\.json$/.exec(name)
  return match ? { hashPrefix: match[1] as string, dialect: match[2] as string } : undefined
}

/**
 * Pretty JSON, one event per line: a re-recording that changed one event is a one-line diff, and the
 * file stays valid JSON that any tool reads.
 */
export function cassetteText(cassette: Cassette): string {
  const events = cassette.response.events
  if (events === undefined) return `${JSON.stringify(cassette, null, 2)}\n`
  const marker = `__events_${Math.random().toString(36).slice(2)}__`
  const shell = JSON.stringify({ ...cassette, response: { ...cassette.response, events: marker } }, null, 2)
  const lines = events.map((event) => `      ${JSON.stringify(event)}`).join(',\n')
  // A function, not a string: a replacement string would read `$$` or `$&` in the events as patterns.
  return `${shell.replace(JSON.stringify(marker), () => (events.length === 0 ? '[]' : `[\n${lines}\n    ]`))}\n`
}

export class CassetteFileError extends Error {}

/** A cassette file's text, checked against the schema; the error names the file and the field. */
export function parseCassetteText(text: string, name: string): Cassette {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new CassetteFileError(`${name} is not JSON: ${(error as Error).message}`)
  }
  const parsed = cassetteSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue === undefined || issue.path.length === 0 ? '(root)' : issue.path.join('.')
    throw new CassetteFileError(`${name} is not a cassette: ${where}: ${issue?.message ?? 'invalid'}`)
  }
  return parsed.data
}

/** Writes `cassette` into `dir` (made if missing) atomically: a reader sees the old file or the new one. */
export async function writeCassette(dir: string, cassette: Cassette): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, cassetteFileName(cassette))
  await writeFileAtomic(path, cassetteText(cassette), { encoding: 'utf8' })
  return path
}
