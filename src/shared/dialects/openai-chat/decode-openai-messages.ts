import type {
  AssistantContentPart,
  AssistantMessage,
  ChatMessage,
  ImagePart,
  TextPart,
} from '../../chat/chat-request'
import { type GatewayError, invalidParamError } from '../../chat/errors'
import { jsonTextDepth, MAX_JSON_DEPTH, tooDeepError } from '../json-depth'
import { imageSourceFromOpenaiUrl } from './openai-image-url'
import type { OpenaiWireMessage } from './openai-request-schema'
import { reasoningPartsFrom } from './openai-reasoning-fields'

/** Text of a text-only content: a string, or parts concatenated as the API does. */
function textOf(content: string | Array<{ type: 'text'; text: string }>): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('')
}

/** Tool calls of an assistant message still waiting for their `tool` messages (A5). */
type PendingCalls = { messageIndex: number; ids: Set<string> }

function unansweredError(pending: PendingCalls): GatewayError {
  return invalidParamError(
    `messages.${pending.messageIndex}.tool_calls`,
    `an assistant message with tool_calls must be followed by tool messages responding to each tool_call_id; no response for ${[...pending.ids].join(', ')}.`,
  )
}

/**
 * Validated wire messages → the canonical system prompt and messages. Semantic rules the schema
 * cannot express (the API enforces the same): every assistant tool call is answered by a `tool`
 * message before the next user or assistant turn, tool call ids are unique, image URLs are http(s)
 * or base64 data URLs, and something besides system messages is left.
 */
export function decodeOpenaiMessages(wireMessages: OpenaiWireMessage[]): {
  system?: string
  messages: ChatMessage[]
} {
  // System and developer messages anywhere in the list become the one canonical system prompt, in
  // order. Their position in the conversation (and the developer/system distinction) is lost, as it
  // is for every gateway that translates to Messages (C1).
  const systemTexts: string[] = []
  const messages: ChatMessage[] = []
  let pending: PendingCalls | undefined

  wireMessages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
      case 'developer':
        systemTexts.push(textOf(message.content))
        return
      case 'tool': {
        if (pending === undefined || !pending.ids.has(message.tool_call_id)) {
          throw invalidParamError(
            `messages.${index}.tool_call_id`,
            `${JSON.stringify(message.tool_call_id)} does not answer a tool call of the preceding assistant message.`,
          )
        }
        pending.ids.delete(message.tool_call_id)
        if (pending.ids.size === 0) pending = undefined
        messages.push({ role: 'tool', toolCallId: message.tool_call_id, content: textOf(message.content) })
        return
      }
      case 'user': {
        if (pending !== undefined) throw unansweredError(pending)
        const content =
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content } satisfies TextPart]
            : message.content.map((part, partIndex): TextPart | ImagePart => {
                if (part.type === 'text') return { type: 'text', text: part.text }
                const image = imageSourceFromOpenaiUrl(part.image_url.url)
                if ('problem' in image) {
                  throw invalidParamError(
                    `messages.${index}.content.${partIndex}.image_url.url`,
                    image.problem,
                  )
                }
                return { type: 'image', source: image.source }
              })
        messages.push({ role: 'user', content })
        return
      }
      case 'assistant': {
        if (pending !== undefined) throw unansweredError(pending)
        const decoded = decodeAssistant(message, index)
        const ids = decoded.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : []))
        if (ids.length > 0) pending = { messageIndex: index, ids: new Set(ids) }
        messages.push(decoded)
        return
      }
      default: {
        const unreachable: never = message
        throw new Error(`unknown role ${JSON.stringify(unreachable)}`)
      }
    }
  })
  if (pending !== undefined) throw unansweredError(pending)
  if (messages.length === 0) {
    throw invalidParamError(
      'messages',
      'must contain at least one user, assistant or tool message besides system messages.',
    )
  }
  return systemTexts.length > 0 ? { system: systemTexts.join('\n\n'), messages } : { messages }
}

function decodeAssistant(
  message: Extract<OpenaiWireMessage, { role: 'assistant' }>,
  index: number,
): AssistantMessage {
  const toolCalls = message.tool_calls ?? []
  // Reasoning a reply carried comes first, as it was produced (a history that keeps it whole).
  const content: AssistantContentPart[] = reasoningPartsFrom(message)
  // A refusal copied back from a response has `content: null` and its text in `refusal`.
  if (message.content == null && toolCalls.length === 0 && message.refusal == null && content.length === 0) {
    throw invalidParamError(
      `messages.${index}.content`,
      'required unless tool_calls (or refusal) is present.',
    )
  }
  const wireContent = message.content
  const texts =
    wireContent == null
      ? []
      : typeof wireContent === 'string'
        ? [wireContent]
        : wireContent.map((part) => (part.type === 'text' ? part.text : part.refusal))
  // Empty text says nothing (and Messages refuses empty text blocks): it is not carried.
  for (const text of texts) if (text.length > 0) content.push({ type: 'text', text })
  if (
    !content.some((part) => part.type === 'text') &&
    message.refusal != null &&
    message.refusal.length > 0
  ) {
    content.push({ type: 'text', text: message.refusal })
  }
  const ids = new Set<string>()
  toolCalls.forEach((call, callIndex) => {
    if (ids.has(call.id)) {
      throw invalidParamError(
        `messages.${index}.tool_calls.${callIndex}.id`,
        `duplicate tool call id ${JSON.stringify(call.id)}.`,
      )
    }
    ids.add(call.id)
    // JSON inside a string: a proxy to Messages parses it into tool_use.input, so it obeys the same limit.
    if (jsonTextDepth(call.function.arguments) > MAX_JSON_DEPTH) {
      throw tooDeepError([
        'messages',
        String(index),
        'tool_calls',
        String(callIndex),
        'function',
        'arguments',
      ])
    }
    content.push({
      type: 'tool-call',
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    })
  })
  return { role: 'assistant', content }
}
