import { describeSchemaFailure, type DocumentSchema } from './document-schema'

export type ParsedJsonDocument<T> = { ok: true; value: T } | { ok: false; problem: string }

/** Parses and validates a stored document; `problem` says why it cannot be loaded (never throws). */
export function parseJsonDocument<T>(text: string, schema: DocumentSchema<T>): ParsedJsonDocument<T> {
  let json: unknown
  try {
    // A BOM from an editor that a user opened the file in is not corruption.
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    return {
      ok: false,
      problem: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    }
  }
  const result = schema.safeParse(json)
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, problem: `unexpected content (${describeSchemaFailure(result.error)})` }
}
