import type {
  CacheBreakpoint,
  ChatMessage,
  ChatRequest,
  ImagePart,
  TextPart,
  ToolDefinition,
} from '../chat/chat-request'
import { fillRequest } from '../templates/template'
import type { Conversation, Pane, StoredMessage } from './conversation'
import { paneSettings } from './pane-settings'

export type ComposerDraft = {
  text: string
  images: ImagePart[]
  /** Large texts (pasted, dropped or set) kept out of the textarea, sent after the typed text. */
  pasted?: string[]
}

/** A stored message as the wire needs it: without its id and reply record. */
export function toChatMessage(message: StoredMessage): ChatMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content }
    case 'assistant':
      return { role: 'assistant', content: message.content }
    case 'tool':
      return {
        role: 'tool',
        toolCallId: message.toolCallId,
        content: message.content,
        ...(message.isError ? { isError: true } : {}),
      }
    default: {
      const unreachable: never = message
      throw new Error(`unknown message ${JSON.stringify(unreachable)}`)
    }
  }
}

export function draftIsEmpty(draft: ComposerDraft): boolean {
  return draft.text.trim() === '' && draft.images.length === 0 && (draft.pasted ?? []).length === 0
}

/**
 * The user message a draft becomes: the typed text, each pasted text as its own text part, then the
 * images (text before images is the order both dialects document).
 */
export function draftToUserContent(draft: ComposerDraft): Array<TextPart | ImagePart> {
  const content: Array<TextPart | ImagePart> = []
  if (draft.text.trim() !== '') content.push({ type: 'text', text: draft.text })
  for (const text of draft.pasted ?? []) content.push({ type: 'text', text })
  content.push(...draft.images)
  return content
}

/** A breakpoint after the last tool caches every tool definition (tools come first in the prompt). */
function withLastToolCached(tools: readonly ToolDefinition[], cache: CacheBreakpoint): ToolDefinition[] {
  return tools.map((tool, index) => (index === tools.length - 1 ? { ...tool, cache } : tool))
}

/**
 * THE request a pane sends: the conversation so far (plus the composer draft, when there is one, as
 * the next user turn), the pane's system prompt and parameters (shared, or its own when unlinked).
 * Sending and the curl panel both call this, so the command a user copies is the request the next
 * send makes.
 */
export function paneRequest(conversation: Conversation, pane: Pane, draft?: ComposerDraft): ChatRequest {
  const { system, params } = paneSettings(conversation, pane)
  const messages = pane.messages.map(toChatMessage)
  if (draft && !draftIsEmpty(draft)) messages.push({ role: 'user', content: draftToUserContent(draft) })
  const request: ChatRequest = { model: pane.model, messages, stream: params.stream }
  if (system.trim() !== '') request.system = system
  if (params.temperature !== undefined) request.temperature = params.temperature
  if (params.topP !== undefined) request.topP = params.topP
  if (params.maxTokens !== undefined) request.maxTokens = params.maxTokens
  const stop = params.stop.filter((sequence) => sequence !== '')
  if (stop.length > 0) request.stop = stop
  if (params.seed !== undefined) request.seed = params.seed
  if (params.responseFormat !== undefined && params.responseFormat.type !== 'text') {
    request.responseFormat = params.responseFormat
  }
  if (params.tools !== undefined && params.tools.length > 0) {
    request.tools =
      params.toolsCache === undefined ? params.tools : withLastToolCached(params.tools, params.toolsCache)
    if (params.toolChoice !== undefined) request.toolChoice = params.toolChoice
  }
  if (params.systemCache !== undefined && request.system !== undefined)
    request.systemCache = params.systemCache
  if (params.reasoning !== undefined) request.reasoning = params.reasoning
  if (params.promptCacheKey !== undefined && params.promptCacheKey !== '')
    request.promptCacheKey = params.promptCacheKey
  // {{variables}} filled here, the one place both the send and the code views get their request
  // from; a missing value throws (TemplateError), which the preview shows and the composer refuses.
  return conversation.variables === undefined
    ? request
    : fillRequest(request, conversation.variables, { allowUnknown: true })
}
