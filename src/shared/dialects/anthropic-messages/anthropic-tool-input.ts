import { ANTHROPIC_TOOL_ID_PATTERN } from './anthropic-constants'

/**
 * Messages carries tool arguments as a JSON OBJECT (`input`), the canonical form as raw text. Models
 * sometimes produce invalid JSON; Messages would reject it, so it travels wrapped as
 * `{"rawInvalidInput": "<text>"}` (the Vercel AI SDK convention) and is unwrapped on the way back.
 */
const RAW_INVALID_INPUT_KEY = 'rawInvalidInput'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function toolInputFromArguments(argumentsText: string): {
  input: Record<string, unknown>
  valid: boolean
} {
  // No arguments at all is how a tool without parameters streams (only `partial_json: ""`): `{}`.
  if (argumentsText.trim() === '') return { input: {}, valid: true }
  try {
    const parsed: unknown = JSON.parse(argumentsText)
    if (isPlainObject(parsed)) return { input: parsed, valid: true }
  } catch {
    // fall through: wrapped below
  }
  return { input: { [RAW_INVALID_INPUT_KEY]: argumentsText }, valid: false }
}

export function argumentsFromToolInput(input: unknown): string {
  if (isPlainObject(input)) {
    const keys = Object.keys(input)
    const raw = input[RAW_INVALID_INPUT_KEY]
    if (keys.length === 1 && typeof raw === 'string') return raw
  }
  return JSON.stringify(input ?? {})
}

/**
 * A tool-call id Messages accepts: characters outside `[a-zA-Z0-9_-]` become `_` (LiteLLM's
 * normalisation), so an OpenAI id like `call.1` survives the round trip consistently in the
 * `tool_use` and its `tool_result`. An empty id gets `fallback`.
 */
export function toAnthropicToolId(id: string, fallback: string): string {
  if (ANTHROPIC_TOOL_ID_PATTERN.test(id)) return id
  const cleaned = id.replace(/[^a-zA-Z0-9_-]/g, '_')
  return cleaned === '' ? fallback : cleaned
}
