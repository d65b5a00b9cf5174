import type { ChatRequest, ToolChoice } from '../../chat/chat-request'
import { isJsonObject } from '../json-object'
import { invalidParamError } from '../../chat/errors'
import { checkJsonSchema } from '../../chat/json-schema-check'
import { checkJsonDepth } from '../json-depth'
import { gatewayErrorFromZod } from '../zod-errors'
import type { AnthropicRequestBody } from './anthropic-request-schema'
import { anthropicRequestSchema } from './anthropic-request-schema'
import { BLOCK_TEXT_SEPARATOR, decodeAnthropicMessages } from './decode-anthropic-messages'
import { plainAnthropicRequest } from './plain-anthropic-request'

/** Name of the canonical json_schema format made from `output_config.format` (it carries no name). */
const STRUCTURED_OUTPUT_NAME = 'structured_output'

/**
 * A Messages request body (already JSON-parsed) → the canonical request, strictly: any problem is a
 * GatewayError('invalid_request') whose message starts with the field at fault.
 */
export function decodeAnthropicRequest(body: unknown): ChatRequest {
  checkJsonDepth(body)
  let wire = isJsonObject(body) ? plainAnthropicRequest(body) : undefined
  if (wire === undefined) {
    const parsed = anthropicRequestSchema.safeParse(body)
    if (!parsed.success) throw gatewayErrorFromZod(parsed.error)
    wire = parsed.data
  }
  checkSemantics(wire)

  const { messages, systemTexts } = decodeAnthropicMessages(wire.messages)
  if (messages.length === 0) {
    throw invalidParamError('messages', 'at least one user or assistant message is required.')
  }
  const topSystem = (wire.system ?? []).map((b) => b.text).join(BLOCK_TEXT_SEPARATOR)
  const system = [topSystem, ...systemTexts].filter((s) => s !== '').join(BLOCK_TEXT_SEPARATOR)

  const request: ChatRequest = {
    model: wire.model,
    messages,
    stream: wire.stream ?? false,
    maxTokens: wire.max_tokens,
  }
  if (system !== '') request.system = system
  if (wire.temperature !== undefined) request.temperature = wire.temperature
  if (wire.top_p !== undefined) request.topP = wire.top_p
  if (wire.stop_sequences !== undefined && wire.stop_sequences.length > 0) request.stop = wire.stop_sequences
  if (wire.tools !== undefined && wire.tools.length > 0) {
    request.tools = wire.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.input_schema,
    }))
  }
  if (wire.tool_choice !== undefined) {
    request.toolChoice = toCanonicalToolChoice(wire.tool_choice)
    if (wire.tool_choice.type !== 'none' && wire.tool_choice.disable_parallel_tool_use === true) {
      request.parallelToolCalls = false
    }
  }
  const format = wire.output_config?.format
  if (format != null) {
    request.responseFormat = { type: 'json_schema', name: STRUCTURED_OUTPUT_NAME, schema: format.schema }
  }
  return request
}

function toCanonicalToolChoice(choice: NonNullable<AnthropicRequestBody['tool_choice']>): ToolChoice {
  switch (choice.type) {
    case 'auto':
      return 'auto'
    case 'any':
      return 'required'
    case 'none':
      return 'none'
    case 'tool':
      return { name: choice.name }
    default: {
      const unreachable: never = choice
      throw new Error(`unknown tool_choice ${JSON.stringify(unreachable)}`)
    }
  }
}

function checkSemantics(wire: AnthropicRequestBody): void {
  wire.stop_sequences?.forEach((sequence, i) => {
    if (sequence.trim() === '') {
      throw invalidParamError(
        `stop_sequences.${i}`,
        'each stop sequence must contain non-whitespace characters.',
      )
    }
  })

  const toolNames = new Set<string>()
  wire.tools?.forEach((tool, i) => {
    if (toolNames.has(tool.name))
      throw invalidParamError(`tools.${i}.name`, `tool names must be unique; ${tool.name} is repeated.`)
    toolNames.add(tool.name)
    checkJsonSchema(tool.input_schema, `tools.${i}.input_schema`, { rootMustBeObject: true })
  })

  const choice = wire.tool_choice
  if (choice?.type === 'tool' && !toolNames.has(choice.name)) {
    throw invalidParamError(
      'tool_choice.name',
      `tool ${JSON.stringify(choice.name)} is not defined in tools.`,
    )
  }
  if (choice?.type === 'any' && toolNames.size === 0) {
    throw invalidParamError('tool_choice.type', '"any" requires at least one tool in tools.')
  }

  if (wire.thinking?.type === 'enabled' && wire.thinking.budget_tokens >= wire.max_tokens) {
    throw invalidParamError('thinking.budget_tokens', 'must be less than max_tokens.')
  }

  const format = wire.output_config?.format
  if (format != null)
    checkJsonSchema(format.schema, 'output_config.format.schema', { rootMustBeObject: false })
}
