import type { DialectId } from '../chat/chat-request'
import { anthropicMessagesDialect } from './anthropic-messages'
import type { Dialect } from './dialect'
import { openaiChatDialect } from './openai-chat'

/**
 * The registry. The gateway's routes, the playground's dialect picker and the conformance tests all
 * come from here: a third dialect is one folder and one line.
 */
export const dialects: Record<DialectId, Dialect> = {
  'openai-chat': openaiChatDialect,
  'anthropic-messages': anthropicMessagesDialect,
}

export const dialectList: readonly Dialect[] = Object.values(dialects)

export type { Dialect } from './dialect'
