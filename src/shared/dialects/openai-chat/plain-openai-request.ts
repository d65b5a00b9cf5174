import type { OpenaiWireRequest } from './openai-request-schema'
import { isJsonObject } from '../json-object'
import type { ParamRange } from '../dialect'
import { OPENAI_PARAMETER_RANGES, OPENAI_REQUEST_LIMITS } from './openai-parameter-ranges'

const PLAIN_KEYS: ReadonlySet<string> = new Set([
  'model',
  'messages',
  'stream',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
])
const PLAIN_ROLES: ReadonlySet<unknown> = new Set(['system', 'developer', 'user', 'assistant'])

const absent = (value: unknown): boolean => value === undefined || value === null
const inRange = (value: unknown, { min, max }: ParamRange): boolean =>
  absent(value) || (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max)
const tokenCount = (value: unknown): boolean =>
  absent(value) || (Number.isSafeInteger(value) && (value as number) >= OPENAI_REQUEST_LIMITS.minMaxTokens)

/**
 * The body as it is when it is the plainest Chat Completions request — string messages of the four
 * text roles, a model, and at most stream, max_tokens, temperature and top_p, all within the
 * schema's bounds (openai-parameter-ranges.ts, which the schema reads too) — else undefined, and the
 * caller validates with openaiRequestSchema. What most clients send, and zod's strict parse of it is
 * the largest share of the gateway's own work per proxied request (performance.md G1). Accepting is all this does: anything it does not recognise
 * goes through the schema, which words every refusal; plain-openai-request.test.ts pins that every
 * body accepted here is one the schema accepts unchanged.
 */
export function plainOpenaiRequest(body: Record<string, unknown>): OpenaiWireRequest | undefined {
  for (const key of Object.keys(body)) if (!PLAIN_KEYS.has(key)) return undefined
  const { model, messages } = body
  if (typeof model !== 'string' || model.length === 0) return undefined
  if (!Array.isArray(messages) || messages.length === 0) return undefined
  for (const message of messages as unknown[]) {
    if (!isJsonObject(message) || !PLAIN_ROLES.has(message['role']) || typeof message['content'] !== 'string')
      return undefined
    for (const key of Object.keys(message)) if (key !== 'role' && key !== 'content') return undefined
  }
  const stream = body['stream']
  if (!absent(stream) && typeof stream !== 'boolean') return undefined
  if (!tokenCount(body['max_tokens']) || !tokenCount(body['max_completion_tokens'])) return undefined
  const { temperature, topP } = OPENAI_PARAMETER_RANGES
  if (!inRange(body['temperature'], temperature) || !inRange(body['top_p'], topP)) return undefined
  return body as OpenaiWireRequest
}
