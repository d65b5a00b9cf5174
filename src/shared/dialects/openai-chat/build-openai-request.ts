import type {
  AssistantMessage,
  ChatMessage,
  ChatRequest,
  ResponseFormat,
  ToolChoice,
  UserMessage,
} from '../../chat/chat-request'
import { joinUrl, type Target } from '../../http/http-request'
import { toAsciiJson } from '../../http/json-ascii'
import { clampParam, type ParamRange } from '../clamp-param'
import type { BuiltRequest, ParamAdjustment } from '../dialect'
import { openaiImageUrlFrom } from './openai-image-url'
import { toOpenaiToolCall, type OpenaiWireToolCall } from './openai-tool-call'

export const OPENAI_CHAT_PATH = '/chat/completions'

/** The API accepts at most four stop sequences (A1.2). */
const MAX_STOP_SEQUENCES = 4
const OPENAI_TEMPERATURE_RANGE: ParamRange = {
  param: 'temperature',
  wireName: 'temperature',
  min: 0,
  max: 2,
  dialectLabel: 'Chat Completions',
}
const OPENAI_TOP_P_RANGE: ParamRange = {
  param: 'topP',
  wireName: 'top_p',
  min: 0,
  max: 1,
  dialectLabel: 'Chat Completions',
}

type WireContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

type WireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | WireContentPart[] }
  | {
      role: 'assistant'
      content: string | null | Array<{ type: 'text'; text: string }>
      tool_calls?: OpenaiWireToolCall[]
    }
  | { role: 'tool'; tool_call_id: string; content: string }

type WireResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema'
      json_schema: { name: string; description?: string; schema: Record<string, unknown>; strict?: boolean }
    }

type WireToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } }

/** Client half: a canonical request as the exact Chat Completions HTTP request, plus what had to change. */
export function buildOpenaiRequest(request: ChatRequest, target: Target): BuiltRequest {
  const adjustments: ParamAdjustment[] = []
  const body: Record<string, unknown> = { model: request.model }

  const messages: WireMessage[] = []
  // Chat Completions has no top-level system field: the prompt is the first message.
  if (request.system !== undefined) messages.push({ role: 'system', content: request.system })
  request.messages.forEach((message, index) => messages.push(wireMessage(message, index, adjustments)))
  body['messages'] = messages

  // `max_tokens`, not `max_completion_tokens`: it is what the service spec lists, and what most
  // OpenAI-compatible servers understand (reasoning models on api.openai.com want the other one).
  if (request.maxTokens !== undefined) body['max_tokens'] = request.maxTokens

  if (request.temperature !== undefined) {
    body['temperature'] = clampParam(request.temperature, OPENAI_TEMPERATURE_RANGE, adjustments)
  }
  if (request.topP !== undefined) body['top_p'] = clampParam(request.topP, OPENAI_TOP_P_RANGE, adjustments)

  if (request.stop !== undefined && request.stop.length > 0) {
    if (request.stop.length > MAX_STOP_SEQUENCES) {
      const dropped = request.stop.slice(MAX_STOP_SEQUENCES)
      adjustments.push({
        param: 'stop',
        action: 'dropped',
        detail: `${request.stop.length} stop sequences cut to the first ${MAX_STOP_SEQUENCES} (Chat Completions accepts at most ${MAX_STOP_SEQUENCES}); dropped ${dropped.map((s) => JSON.stringify(s)).join(', ')}.`,
      })
    }
    body['stop'] = request.stop.slice(0, MAX_STOP_SEQUENCES)
  }

  if (request.seed !== undefined) body['seed'] = request.seed

  body['stream'] = request.stream
  if (request.stream) {
    // Without include_usage a stream carries no token counts at all (A3.5); the playground shows them.
    body['stream_options'] = { include_usage: request.includeUsage ?? true }
    if (request.includeUsage === undefined) {
      adjustments.push({
        param: 'includeUsage',
        action: 'defaulted',
        detail: 'stream_options.include_usage set to true so the stream reports token usage.',
      })
    }
  } else if (request.includeUsage !== undefined) {
    adjustments.push({
      param: 'includeUsage',
      action: 'dropped',
      detail:
        'includeUsage not sent: stream_options is only allowed when streaming, and a non-streaming reply always has usage.',
    })
  }

  if (request.responseFormat !== undefined)
    body['response_format'] = wireResponseFormat(request.responseFormat)

  const hasTools = request.tools !== undefined && request.tools.length > 0
  if (hasTools) {
    body['tools'] = request.tools?.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.parameters,
      },
    }))
  }
  // The API answers 400 to tool_choice or parallel_tool_calls without tools: drop them, and say so.
  if (request.toolChoice !== undefined) {
    if (hasTools) {
      body['tool_choice'] = wireToolChoice(request.toolChoice)
    } else {
      adjustments.push({
        param: 'toolChoice',
        action: 'dropped',
        detail:
          'tool_choice not sent: the request has no tools, and Chat Completions rejects tool_choice without tools.',
      })
    }
  }
  if (request.parallelToolCalls !== undefined) {
    if (hasTools) {
      body['parallel_tool_calls'] = request.parallelToolCalls
    } else {
      adjustments.push({
        param: 'parallelToolCalls',
        action: 'dropped',
        detail:
          'parallel_tool_calls not sent: the request has no tools, and Chat Completions rejects it without tools.',
      })
    }
  }

  return {
    http: {
      method: 'POST',
      url: joinUrl(target.baseUrl, OPENAI_CHAT_PATH),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.apiKey}` },
      body: toAsciiJson(body),
    },
    adjustments,
  }
}

function wireMessage(message: ChatMessage, index: number, adjustments: ParamAdjustment[]): WireMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: wireUserContent(message) }
    case 'assistant':
      return wireAssistantMessage(message, index, adjustments)
    case 'tool':
      if (message.isError === true) {
        // No error flag exists on a tool message (A5): the only way to carry it is in the text.
        adjustments.push({
          param: 'messages',
          action: 'converted',
          detail: `messages[${index}]: tool result marked as an error sent as text starting with "Error: " (Chat Completions has no error flag).`,
        })
        return { role: 'tool', tool_call_id: message.toolCallId, content: `Error: ${message.content}` }
      }
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
    default: {
      const unreachable: never = message
      throw new Error(`unknown message role ${JSON.stringify(unreachable)}`)
    }
  }
}

function wireUserContent(message: UserMessage): string | WireContentPart[] {
  const only = message.content[0]
  // A lone text part is sent as a plain string: the form every compatible server understands.
  if (message.content.length === 1 && only !== undefined && only.type === 'text') return only.text
  // An empty turn: the API refuses an empty parts array, and an empty string means the same.
  if (message.content.length === 0) return ''
  return message.content.map((part): WireContentPart => {
    switch (part.type) {
      case 'text':
        return { type: 'text', text: part.text }
      case 'image':
        return { type: 'image_url', image_url: { url: openaiImageUrlFrom(part.source) } }
      default: {
        const unreachable: never = part
        throw new Error(`unknown user content part ${JSON.stringify(unreachable)}`)
      }
    }
  })
}

function wireAssistantMessage(
  message: AssistantMessage,
  index: number,
  adjustments: ParamAdjustment[],
): WireMessage {
  const texts: Array<{ type: 'text'; text: string }> = []
  const toolCalls: OpenaiWireToolCall[] = []
  let textAfterToolCall = false
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        if (toolCalls.length > 0) textAfterToolCall = true
        texts.push({ type: 'text', text: part.text })
        break
      case 'tool-call':
        toolCalls.push(toOpenaiToolCall(part))
        break
      default: {
        const unreachable: never = part
        throw new Error(`unknown assistant content part ${JSON.stringify(unreachable)}`)
      }
    }
  }
  if (textAfterToolCall) {
    adjustments.push({
      param: 'messages',
      action: 'converted',
      detail: `messages[${index}]: assistant text that followed a tool call sent before the tool calls (Chat Completions keeps text and tool calls in separate fields).`,
    })
  }
  // Content is null when the turn is only tool calls (what the API itself returns); several text
  // parts stay separate parts so their boundaries survive.
  const only = texts[0]
  const content =
    texts.length === 0 ? (toolCalls.length > 0 ? null : '') : texts.length === 1 && only ? only.text : texts
  return toolCalls.length > 0
    ? { role: 'assistant', content, tool_calls: toolCalls }
    : { role: 'assistant', content }
}

function wireResponseFormat(format: ResponseFormat): WireResponseFormat {
  switch (format.type) {
    case 'text':
      return { type: 'text' }
    case 'json_object':
      return { type: 'json_object' }
    case 'json_schema':
      return {
        type: 'json_schema',
        json_schema: {
          name: format.name,
          ...(format.description !== undefined ? { description: format.description } : {}),
          schema: format.schema,
          ...(format.strict !== undefined ? { strict: format.strict } : {}),
        },
      }
    default: {
      const unreachable: never = format
      throw new Error(`unknown response format ${JSON.stringify(unreachable)}`)
    }
  }
}

function wireToolChoice(choice: ToolChoice): WireToolChoice {
  if (typeof choice === 'string') return choice
  return { type: 'function', function: { name: choice.name } }
}
