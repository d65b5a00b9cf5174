import type { ChatRequest } from '../chat/chat-request'
import { toCurl } from '../curl/index'
import { anthropicMessagesDialect } from '../dialects/anthropic-messages/index'
import type { Dialect } from '../dialects/dialect'
import { openaiChatDialect } from '../dialects/openai-chat/index'

/** The environment variable every generated command reads the key from. */
const QUICKSTART_API_KEY_ENV_VAR = 'MODEL_GATEWAY_API_KEY'

/**
 * Stands in for the key while the request is built, and is replaced by `$MODEL_GATEWAY_API_KEY` by
 * toCurl. It never reaches the output; it only has to be unmistakable and impossible in a header.
 */
const KEY_PLACEHOLDER = 'quickstart-key-placeholder-0f5c2d7e'

const QUICKSTART_PROMPT = 'Hello!'
/** Modest, and required by the Messages dialect (spec §4.2 shows `max_tokens` in its call). */
const QUICKSTART_MAX_TOKENS = 256

/** The smallest useful call: one user message, non-streaming, a modest token cap. */
export function quickstartRequest(model: string): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', content: [{ type: 'text', text: QUICKSTART_PROMPT }] }],
    maxTokens: QUICKSTART_MAX_TOKENS,
    stream: false,
  }
}

function quickstartCurl(dialect: Dialect, model: string, baseUrl: string): string {
  // Built by the dialect the app sends with, so the command can never drift from a real request.
  const { http } = dialect.buildRequest(quickstartRequest(model), { baseUrl, apiKey: KEY_PLACEHOLDER })
  return toCurl(http, { secret: KEY_PLACEHOLDER, envVar: QUICKSTART_API_KEY_ENV_VAR })
}

export type Quickstarts = {
  /** Chat-completions call (`access.quickstart` and the `OpenAI (curl)` item). */
  openai: string
  /** Messages call (the `Anthropic (curl)` item). */
  anthropic: string
}

/** Runnable curl commands for `model` at `baseUrl`, the key read from `$MODEL_GATEWAY_API_KEY`. */
export function buildQuickstarts(model: string, baseUrl: string): Quickstarts {
  return {
    openai: quickstartCurl(openaiChatDialect, model, baseUrl),
    anthropic: quickstartCurl(anthropicMessagesDialect, model, baseUrl),
  }
}
