import type { ChatMessage, ChatRequest, ReasoningSetting, ToolChoice } from '../../chat/chat-request'
import { isJsonObject } from '../json-object'
import { GatewayError, invalidParamError } from '../../chat/errors'
import { checkJsonSchema } from '../../chat/json-schema-check'
import { checkJsonDepth } from '../json-depth'
import { gatewayErrorFromZod } from '../zod-errors'
import { cacheBreakpointFrom } from './anthropic-cache-control'
import { ANTHROPIC_MAX_CACHE_BREAKPOINTS } from './anthropic-constants'
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

  const decoded = decodeAnthropicMessages(wire.messages)
  const { messages, systemTexts } = decoded
  if (messages.length === 0) {
    throw invalidParamError('messages', 'at least one user or assistant message is required.')
  }
  const topSystem = (wire.system ?? []).map((b) => b.text).join(BLOCK_TEXT_SEPARATOR)
  const system = [topSystem, ...systemTexts].filter((s) => s !== '').join(BLOCK_TEXT_SEPARATOR)
  // The canonical system prompt is one text: a breakpoint on any of its blocks marks its end.
  let systemCache = decoded.systemCache
  for (const block of wire.system ?? []) systemCache = cacheBreakpointFrom(block.cache_control) ?? systemCache

  const request: ChatRequest = {
    model: wire.model,
    messages,
    stream: wire.stream ?? false,
    maxTokens: wire.max_tokens,
  }
  if (system !== '') {
    request.system = system
    if (systemCache !== undefined) request.systemCache = systemCache
  }
  const automatic = cacheBreakpointFrom(wire.cache_control)
  if (automatic !== undefined) cacheLastBlock(messages, automatic)
  if (wire.temperature !== undefined) request.temperature = wire.temperature
  if (wire.top_p !== undefined) request.topP = wire.top_p
  if (wire.stop_sequences !== undefined && wire.stop_sequences.length > 0) request.stop = wire.stop_sequences
  if (wire.tools !== undefined && wire.tools.length > 0) {
    request.tools = wire.tools.map((tool) => {
      const cache = cacheBreakpointFrom(tool.cache_control)
      return {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.input_schema,
        ...(cache === undefined ? {} : { cache }),
      }
    })
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
  const reasoning = toCanonicalReasoning(wire)
  if (reasoning !== undefined) request.reasoning = reasoning
  return request
}

/**
 * `thinking` as the canonical setting. `output_config.effort` travels with adaptive thinking, whose
 * depth it steers; without it, it is accepted and ignored (see anthropic-request-schema.ts).
 */
function toCanonicalReasoning(wire: AnthropicRequestBody): ReasoningSetting | undefined {
  const thinking = wire.thinking
  if (thinking === undefined) return undefined
  switch (thinking.type) {
    case 'disabled':
      return { type: 'off' }
    case 'enabled':
      return {
        type: 'budget',
        budgetTokens: thinking.budget_tokens,
        ...(thinking.display === undefined ? {} : { display: thinking.display }),
      }
    case 'adaptive': {
      const effort = wire.output_config?.effort
      return {
        type: 'adaptive',
        ...(thinking.display === undefined ? {} : { display: thinking.display }),
        ...(effort == null ? {} : { effort }),
      }
    }
    default: {
      const unreachable: never = thinking
      throw new Error(`unknown thinking ${JSON.stringify(unreachable)}`)
    }
  }
}

/**
 * Top-level `cache_control` (automatic caching): the breakpoint goes on the last block of the
 * conversation, where the API puts it.
 */
function cacheLastBlock(messages: ChatMessage[], cache: { ttl?: '5m' | '1h' }): void {
  const last = messages[messages.length - 1]
  if (last === undefined) return
  if (last.role === 'tool') {
    last.cache ??= cache
    return
  }
  for (let i = last.content.length - 1; i >= 0; i--) {
    const part = last.content[i]
    if (part !== undefined && (part.type === 'text' || part.type === 'image' || part.type === 'tool-call')) {
      part.cache ??= cache
      return
    }
  }
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

/** Blocks with `cache_control`: system, message blocks (and those inside tool results), tools, top level. */
function countCacheBreakpoints(wire: AnthropicRequestBody): number {
  let count = wire.cache_control == null ? 0 : 1
  for (const block of wire.system ?? []) if (block.cache_control != null) count++
  for (const tool of wire.tools ?? []) if (tool.cache_control != null) count++
  for (const message of wire.messages) {
    for (const block of message.content) {
      if ('cache_control' in block && block.cache_control != null) count++
      if (block.type === 'tool_result') {
        for (const inner of block.content ?? []) {
          if ('cache_control' in inner && inner.cache_control != null) count++
        }
      }
    }
  }
  return count
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
  const thinks = wire.thinking !== undefined && wire.thinking.type !== 'disabled'
  if (thinks && (choice?.type === 'any' || choice?.type === 'tool')) {
    throw invalidParamError(
      'tool_choice',
      `Thinking may not be enabled when tool_choice forces tool use (type "${choice.type}"); use "auto" or "none", or disable thinking.`,
    )
  }
  const breakpoints = countCacheBreakpoints(wire)
  if (breakpoints > ANTHROPIC_MAX_CACHE_BREAKPOINTS) {
    throw new GatewayError(
      'invalid_request',
      `A maximum of ${ANTHROPIC_MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`,
    )
  }

  const format = wire.output_config?.format
  if (format != null)
    checkJsonSchema(format.schema, 'output_config.format.schema', { rootMustBeObject: false })
}
