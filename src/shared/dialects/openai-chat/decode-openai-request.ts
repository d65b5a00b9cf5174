import type { ChatRequest, ResponseFormat, ToolChoice, ToolDefinition } from '../../chat/chat-request'
import { GatewayError, invalidParamError } from '../../chat/errors'
import { checkJsonSchema } from '../../chat/json-schema-check'
import { checkJsonDepth } from '../json-depth'
import { decodeOpenaiMessages } from './decode-openai-messages'
import { requireJsonWordInMessages } from './openai-json-object-rule'
import { openaiRequestErrorFromZod } from './openai-request-error'
import { openaiRequestSchema, type OpenaiWireRequest } from './openai-request-schema'
import { plainOpenaiRequest } from './plain-openai-request'

/**
 * Server half: a Chat Completions body, strictly validated, as a canonical request. Every refusal is
 * a GatewayError('invalid_request') whose message starts with the field at fault.
 */
export function decodeOpenaiRequest(body: unknown): ChatRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new GatewayError('invalid_request', 'The request body must be a JSON object.')
  }
  checkJsonDepth(body)
  let wire = plainOpenaiRequest(body as Record<string, unknown>)
  if (wire === undefined) {
    const parsed = openaiRequestSchema.safeParse(body)
    if (!parsed.success) throw openaiRequestErrorFromZod(parsed.error)
    wire = parsed.data
  }

  if (wire.max_tokens != null && wire.max_completion_tokens != null) {
    throw invalidParamError('max_tokens', 'set max_tokens or max_completion_tokens, not both.')
  }
  if (wire.stream_options != null && wire.stream !== true) {
    // The API's own rule: usage options only mean something for a stream.
    throw invalidParamError('stream_options', 'only allowed when stream is true.')
  }

  const tools = decodeTools(wire)
  const { system, messages } = decodeOpenaiMessages(wire.messages)

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
  if (wire.reasoning_effort != null) request.reasoning = { type: 'effort', effort: wire.reasoning_effort }
  if (wire.prompt_cache_key != null) request.promptCacheKey = wire.prompt_cache_key
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
