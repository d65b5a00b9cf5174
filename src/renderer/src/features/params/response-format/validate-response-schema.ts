import type { JsonSchema } from '@shared/chat/chat-request'
import { checkJsonSchema } from '@shared/chat/json-schema-check'
import { OPENAI_NAME_PATTERN } from '@shared/dialects/openai-chat/openai-request-schema'
import { describeJsonTextError, parseJsonText } from '@renderer/features/params/parse-json-text'

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string }

/**
 * The "JSON schema" editor's text as a response schema: first JSON syntax (with the position), then
 * the same structural check the gateway applies to `response_format.json_schema.schema`, so what the
 * editor accepts is what the server accepts.
 */
export function validateResponseSchemaText(text: string): Validated<JsonSchema> {
  if (text.trim() === '') return { ok: false, message: 'Write a JSON Schema (or insert the example).' }
  const parsed = parseJsonText(text)
  if (!parsed.ok) return { ok: false, message: describeJsonTextError(parsed.error) }
  try {
    // Any JSON Schema is allowed at the root (an array or a string reply is legitimate output).
    checkJsonSchema(parsed.value, 'schema', { rootMustBeObject: false })
  } catch (error) {
    return { ok: false, message: (error as Error).message }
  }
  return { ok: true, value: parsed.value as JsonSchema }
}

/** Chat Completions' rule for `json_schema.name` (Messages has no name and drops it). */
export function validateSchemaName(name: string): Validated<string> {
  if (OPENAI_NAME_PATTERN.test(name)) return { ok: true, value: name }
  return { ok: false, message: 'Schema name: 1–64 characters of a–z, A–Z, 0–9, _ and -.' }
}

/** A schema to start from: every property required, so a reply is easy to check by eye. */
export const EXAMPLE_RESPONSE_SCHEMA_NAME = 'weather_report'
export const EXAMPLE_RESPONSE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperature_c: { type: 'number' },
    conditions: { type: 'string', enum: ['sunny', 'cloudy', 'rain', 'snow'] },
  },
  required: ['city', 'temperature_c', 'conditions'],
  additionalProperties: false,
}
