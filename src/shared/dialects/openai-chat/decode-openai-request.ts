import type {
  AssistantMessage,
  ChatMessage,
  ChatRequest,
  ImagePart,
  ResponseFormat,
  TextPart,
  ToolCallPart,
  ToolChoice,
  ToolDefinition,
} from '../../chat/chat-request'
import { GatewayError, invalidParamError } from '../../chat/errors'
import { checkJsonSchema } from '../../chat/json-schema-check'
import { checkJsonDepth, jsonTextDepth, MAX_JSON_DEPTH, tooDeepError } from '../json-depth'
import { imageSourceFromOpenaiUrl } from './openai-image-url'
import { requireJsonWordInMessages } from './openai-json-object-rule'
import { openaiRequestErrorFromZod } from './openai-request-error'
import { openaiRequestSchema, type OpenaiWireMessage, type OpenaiWireRequest } from './openai-request-schema'

/**
 * Server half: a Chat Completions body, strictly validated, as a canonical request. Every refusal is
 * a GatewayError('invalid_request') whose message starts with the field at fault.
 */
export function decodeOpenaiRequest(body: unknown): ChatRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new GatewayError('invalid_request', 'The request body must be a JSON object.')
  }
  checkJsonDepth(body)
  const parsed = openaiRequestSchema.safeParse(body)
  if (!parsed.success) throw openaiRequestErrorFromZod(parsed.error)
  const wire = parsed.data

  if (wire.max_tokens != null && wire.max_completion_tokens != null) {
    throw invalidParamError('max_tokens', 'set max_tokens or max_completion_tokens, not both.')
  }
  if (wire.stream_options != null && wire.stream !== true) {
    // The API's own rule: usage options only mean something for a stream.
    throw invalidParamError('stream_options', 'only allowed when stream is true.')
  }

  const tools = decodeTools(wire)
  const { system, messages } = decodeMessages(wire.messages)

  const request: ChatRequest = { model: wire.model, messages, stream: wire.stream ?? false }
  if (system !== undefined) request.system = system
  if (wire.temperature != null) request.temperature = wire.temperature
  if (wire.top_p != null) request.topP = wire.top_p
  const maxTokens = wire.max_completion_tokens ?? wire.max_tokens
  if (maxTokens != null) request.maxTokens = maxTokens
  if (wire.stop != null) request.stop = typeof wire.stop === 'string' ? [wire.stop] : wire.stop
  const includeUsage = wire.stream_options?.include_usage
  if (includeUsage != null) request.includeUsage = includeUsage
  if (wire.seed != null) request.seed = wire.seed
  if (wire.response_format != null) request.responseFormat = decodeResponseFormat(wire.response_format)
  if (request.responseFormat?.type === 'json_object') requireJsonWordInMessages(wire.messages)
  if (tools !== undefined) request.tools = tools
  if (wire.tool_choice != null) request.toolChoice = decodeToolChoice(wire.tool_choice, tools)
  // Carried as is: whether `true` is acceptable is the gateway's decision (the catalog says no).
  if (wire.parallel_tool_calls != null) request.parallelToolCalls = wire.parallel_tool_calls
  return request
}

function decodeTools(wire: OpenaiWireRequest): ToolDefinition[] | undefined {
  // An empty list means no tools (the API refuses it; accepting it costs nothing).
  if (wire.tools == null || wire.tools.length === 0) return undefined
  const seen = new Set<string>()
  return wire.tools.map((tool, index) => {
    const fn = tool.function
    if (seen.has(fn.name)) {
      throw invalidParamError(
        `tools.${index}.function.name`,
        `duplicate tool name ${JSON.stringify(fn.name)}.`,
      )
    }
    seen.add(fn.name)
    // Omitted parameters mean "takes no arguments" (A1.4): the canonical form is the empty object schema.
    const parameters = fn.parameters ?? { type: 'object', properties: {} }
    checkJsonSchema(parameters, `tools.${index}.function.parameters`, { rootMustBeObject: true })
    const definition: ToolDefinition = { name: fn.name, parameters }
    if (fn.description != null) definition.description = fn.description
    return definition
  })
}

function decodeToolChoice(
  choice: NonNullable<OpenaiWireRequest['tool_choice']>,
  tools: ToolDefinition[] | undefined,
): ToolChoice {
  if (typeof choice === 'string') {
    if (choice === 'required' && tools === undefined) {
      throw invalidParamError('tool_choice', '"required" needs at least one tool in tools.')
    }
    return choice
  }
  const name = choice.function.name
  if (!tools?.some((tool) => tool.name === name)) {
    throw invalidParamError(
      'tool_choice.function.name',
      `${JSON.stringify(name)} is not one of the tools in tools.`,
    )
  }
  return { name }
}

function decodeResponseFormat(format: NonNullable<OpenaiWireRequest['response_format']>): ResponseFormat {
  switch (format.type) {
    case 'text':
      return { type: 'text' }
    case 'json_object':
      return { type: 'json_object' }
    case 'json_schema': {
      const spec = format.json_schema
      checkJsonSchema(spec.schema, 'response_format.json_schema.schema', { rootMustBeObject: false })
      const decoded: ResponseFormat = { type: 'json_schema', name: spec.name, schema: spec.schema }
      if (spec.description != null) decoded.description = spec.description
      if (spec.strict != null) decoded.strict = spec.strict
      return decoded
    }
    default: {
      const unreachable: never = format
      throw new Error(`unknown response format ${JSON.stringify(unreachable)}`)
    }
  }
}

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

function decodeMessages(wireMessages: OpenaiWireMessage[]): { system?: string; messages: ChatMessage[] } {
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
  // A refusal copied back from a response has `content: null` and its text in `refusal`.
  if (message.content == null && toolCalls.length === 0 && message.refusal == null) {
    throw invalidParamError(
      `messages.${index}.content`,
      'required unless tool_calls (or refusal) is present.',
    )
  }
  const content: Array<TextPart | ToolCallPart> = []
  const wireContent = message.content
  const texts =
    wireContent == null
      ? []
      : typeof wireContent === 'string'
        ? [wireContent]
        : wireContent.map((part) => (part.type === 'text' ? part.text : part.refusal))
  // Empty text says nothing (and Messages refuses empty text blocks): it is not carried.
  for (const text of texts) if (text.length > 0) content.push({ type: 'text', text })
  if (content.length === 0 && message.refusal != null && message.refusal.length > 0) {
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
