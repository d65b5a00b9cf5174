import { asBlocks, type AnthropicRequestBody } from './anthropic-request-schema'
import { isJsonObject } from '../json-object'
import type { ParamRange } from '../dialect'
import { ANTHROPIC_PARAMETER_RANGES, ANTHROPIC_REQUEST_LIMITS } from './anthropic-parameter-ranges'

const PLAIN_KEYS: ReadonlySet<string> = new Set([
  'model',
  'max_tokens',
  'messages',
  'system',
  'stream',
  'temperature',
  'top_p',
])
const PLAIN_ROLES: ReadonlySet<unknown> = new Set(['user', 'assistant', 'system'])
const { minMaxTokens, maxModelChars, maxMessages } = ANTHROPIC_REQUEST_LIMITS

const inRange = (value: unknown, { min, max }: ParamRange): boolean =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max)

/**
 * The body as anthropicRequestSchema would return it when it is the plainest Messages request —
 * string contents and system, a model, max_tokens, and at most stream, temperature and top_p, all
 * within the schema's bounds (anthropic-parameter-ranges.ts, which the schema reads too) — else
 * undefined, and the caller validates with the schema. What most clients send, and zod's strict parse
 * of it is the largest share of the gateway's own work per proxied request (performance.md G1). Accepting is all this does: anything it does not recognise
 * goes through the schema, which words every refusal; plain-anthropic-request.test.ts pins that its
 * result is the schema's for every body it takes.
 */
export function plainAnthropicRequest(body: Record<string, unknown>): AnthropicRequestBody | undefined {
  for (const key of Object.keys(body)) if (!PLAIN_KEYS.has(key)) return undefined
  const { model, max_tokens: maxTokens, messages, system, stream } = body
  if (typeof model !== 'string' || model.length === 0 || model.length > maxModelChars) return undefined
  if (!Number.isSafeInteger(maxTokens) || (maxTokens as number) < minMaxTokens) return undefined
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > maxMessages) return undefined
  const wireMessages: unknown[] = []
  for (const message of messages as unknown[]) {
    if (!isJsonObject(message) || !PLAIN_ROLES.has(message['role']) || typeof message['content'] !== 'string')
      return undefined
    for (const key of Object.keys(message)) if (key !== 'role' && key !== 'content') return undefined
    wireMessages.push({ role: message['role'], content: asBlocks(message['content']) })
  }
  if (system !== undefined && typeof system !== 'string') return undefined
  if (stream !== undefined && typeof stream !== 'boolean') return undefined
  const { temperature, topP } = ANTHROPIC_PARAMETER_RANGES
  if (!inRange(body['temperature'], temperature) || !inRange(body['top_p'], topP)) return undefined
  const wire: Record<string, unknown> = { ...body, messages: wireMessages }
  if (system !== undefined) wire['system'] = asBlocks(system)
  return wire as AnthropicRequestBody
}
