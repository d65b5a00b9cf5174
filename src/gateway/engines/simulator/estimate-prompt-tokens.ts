import type { ChatRequest } from '../../../shared/chat/chat-request'
import { countTextTokens } from '../../../shared/tokens/count-text-tokens'

/**
 * How the simulator prices a prompt (documented in README.md). Real providers add a few framing
 * tokens per message and bill images by size; fixed figures keep the estimate predictable:
 * - every message (and the system prompt) costs its text plus TOKENS_PER_MESSAGE for the role framing;
 * - every image costs TOKENS_PER_IMAGE, whatever its size (OpenAI's price of a low-detail image);
 * - every tool costs its name, description and parameter schema (as JSON) plus TOKENS_PER_TOOL;
 * - a json_schema response format costs its name, description and schema;
 * - the reply is primed with REPLY_PRIMING_TOKENS.
 */
export const TOKENS_PER_MESSAGE = 4
export const TOKENS_PER_IMAGE = 85
export const TOKENS_PER_TOOL = 8
export const REPLY_PRIMING_TOKENS = 3

/**
 * The prompt's size in tokens, as the simulated model would see it. The gateway also uses it to refuse
 * prompts over the context length, so it must stay linear: all text is gathered into one string and
 * tokenized once (in bounded windows, see shared/tokens/count-text-tokens.ts), never message by message.
 */
export function estimatePromptTokens(request: ChatRequest): number {
  // The gateway checks the context length and then simulates the same request object: count once.
  // (Decoded requests are never mutated afterwards; a WeakMap lets them go with their request.)
  const cached = promptTokenCache.get(request)
  if (cached !== undefined) return cached
  const tokens = countPromptTokens(request)
  promptTokenCache.set(request, tokens)
  return tokens
}

const promptTokenCache = new WeakMap<ChatRequest, number>()

function countPromptTokens(request: ChatRequest): number {
  const texts: string[] = []
  let fixed = REPLY_PRIMING_TOKENS

  if (request.system !== undefined && request.system !== '') {
    texts.push(request.system)
    fixed += TOKENS_PER_MESSAGE
  }
  for (const message of request.messages) {
    fixed += TOKENS_PER_MESSAGE
    switch (message.role) {
      case 'user':
        for (const part of message.content) {
          if (part.type === 'text') texts.push(part.text)
          else fixed += TOKENS_PER_IMAGE
        }
        break
      case 'assistant':
        for (const part of message.content) {
          if (part.type === 'text') texts.push(part.text)
          else texts.push(part.name, part.arguments)
        }
        break
      case 'tool':
        texts.push(message.content)
        break
      default: {
        const unreachable: never = message
        throw new Error(`unknown message ${JSON.stringify(unreachable)}`)
      }
    }
  }
  for (const tool of request.tools ?? []) {
    fixed += TOKENS_PER_TOOL
    texts.push(tool.name, tool.description ?? '', JSON.stringify(tool.parameters))
  }
  const format = request.responseFormat
  if (format !== undefined && format.type === 'json_schema') {
    texts.push(format.name, format.description ?? '', JSON.stringify(format.schema))
  }
  // '\n' keeps neighbouring texts from merging into one token, as the framing would.
  return fixed + countTextTokens(texts.join('\n'))
}
