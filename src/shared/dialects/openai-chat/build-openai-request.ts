import type { ChatRequest, ReasoningEffort, ResponseFormat, ToolChoice } from '../../chat/chat-request'
import { effortForBudget } from '../../chat/reasoning-budgets'
import { joinUrl, type Target } from '../../http/http-request'
import { withJsonBody } from '../../http/json-request-body'
import { clampParam } from '../clamp-param'
import type { BuiltRequest, ParamAdjustment } from '../dialect'
import { toOpenaiMessages } from './convert-to-openai-messages'
import { OPENAI_PARAMETER_RANGES, OPENAI_REQUEST_LIMITS } from './openai-parameter-ranges'
import type { OpenaiMessage, OpenaiResponseFormat, OpenaiToolChoice } from './openai-request-types'

export const OPENAI_CHAT_PATH = '/chat/completions'

const { maxStopSequences: MAX_STOP_SEQUENCES } = OPENAI_REQUEST_LIMITS

/** Client half: a canonical request as the exact Chat Completions HTTP request, plus what had to change. */
export function buildOpenaiRequest(request: ChatRequest, target: Target): BuiltRequest {
  const adjustments: ParamAdjustment[] = []
  const body: Record<string, unknown> = { model: request.model }

  // Chat Completions has no top-level system field: the prompt is the first message.
  const system: OpenaiMessage[] =
    request.system === undefined ? [] : [{ role: 'system', content: request.system }]
  body['messages'] = [...system, ...toOpenaiMessages(request.messages, adjustments)]

  // `max_tokens`, not `max_completion_tokens`: it is what the service spec lists, and what most
  // OpenAI-compatible servers understand (reasoning models on api.openai.com want the other one).
  if (request.maxTokens !== undefined) body['max_tokens'] = request.maxTokens

  if (request.temperature !== undefined) {
    body['temperature'] = clampParam(request.temperature, OPENAI_PARAMETER_RANGES.temperature, adjustments)
  }
  if (request.topP !== undefined) {
    body['top_p'] = clampParam(request.topP, OPENAI_PARAMETER_RANGES.topP, adjustments)
  }

  writeStop(request.stop, body, adjustments)
  if (request.seed !== undefined) body['seed'] = request.seed
  writeStreaming(request, body, adjustments)
  if (request.responseFormat !== undefined)
    body['response_format'] = wireResponseFormat(request.responseFormat)
  writeTools(request, body, adjustments)
  writeReasoning(request, body, adjustments)
  if (request.promptCacheKey !== undefined) body['prompt_cache_key'] = request.promptCacheKey
  dropCacheBreakpoints(request, adjustments)

  return {
    http: withJsonBody(
      {
        method: 'POST',
        url: joinUrl(target.baseUrl, OPENAI_CHAT_PATH),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${target.apiKey}` },
      },
      body,
    ),
    adjustments,
  }
}

/** `stop`, cut to what the API accepts (the rest dropped, and said). */
function writeStop(
  stop: string[] | undefined,
  body: Record<string, unknown>,
  adjustments: ParamAdjustment[],
): void {
  if (stop === undefined || stop.length === 0) return
  if (stop.length > MAX_STOP_SEQUENCES) {
    const dropped = stop.slice(MAX_STOP_SEQUENCES)
    adjustments.push({
      param: 'stop',
      action: 'dropped',
      detail: `${stop.length} stop sequences cut to the first ${MAX_STOP_SEQUENCES} (Chat Completions accepts at most ${MAX_STOP_SEQUENCES}); dropped ${dropped.map((s) => JSON.stringify(s)).join(', ')}.`,
    })
  }
  body['stop'] = stop.slice(0, MAX_STOP_SEQUENCES)
}

/** `stream`, and `stream_options` when streaming. */
function writeStreaming(
  request: ChatRequest,
  body: Record<string, unknown>,
  adjustments: ParamAdjustment[],
): void {
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
}

/** `tools`, and `tool_choice` / `parallel_tool_calls` only beside them. */
function writeTools(
  request: ChatRequest,
  body: Record<string, unknown>,
  adjustments: ParamAdjustment[],
): void {
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
}

/**
 * `reasoning_effort`: Chat Completions' only reasoning control. A thinking budget goes as the nearest
 * effort, adaptive thinking as its effort (medium when it has none), off as `none`; a display choice
 * has no place here.
 */
function writeReasoning(
  request: ChatRequest,
  body: Record<string, unknown>,
  adjustments: ParamAdjustment[],
): void {
  const reasoning = request.reasoning
  if (reasoning === undefined) return
  let effort: ReasoningEffort
  let detail: string | undefined
  switch (reasoning.type) {
    case 'effort':
      effort = reasoning.effort
      break
    case 'off':
      effort = 'none'
      detail = 'reasoning off sent as reasoning_effort "none".'
      break
    case 'budget':
      effort = effortForBudget(reasoning.budgetTokens)
      detail = `thinking budget of ${reasoning.budgetTokens} tokens sent as reasoning_effort "${effort}", the nearest effort (Chat Completions has no budget).`
      break
    case 'adaptive':
      effort = reasoning.effort ?? 'medium'
      detail = `adaptive thinking sent as reasoning_effort "${effort}" (Chat Completions has no adaptive mode).`
      break
    default: {
      const unreachable: never = reasoning
      throw new Error(`unknown reasoning setting ${JSON.stringify(unreachable)}`)
    }
  }
  body['reasoning_effort'] = effort
  if (detail !== undefined) adjustments.push({ param: 'reasoning', action: 'converted', detail })
  if (reasoning.type !== 'effort' && reasoning.type !== 'off' && reasoning.display !== undefined) {
    adjustments.push({
      param: 'reasoning',
      action: 'dropped',
      detail: `thinking display "${reasoning.display}" dropped: Chat Completions has no such option.`,
    })
  }
}

/** Chat Completions caches prompt prefixes by itself and has no breakpoints: they are not sent. */
function dropCacheBreakpoints(request: ChatRequest, adjustments: ParamAdjustment[]): void {
  let count = request.systemCache === undefined ? 0 : 1
  for (const tool of request.tools ?? []) if (tool.cache !== undefined) count++
  for (const message of request.messages) {
    if (message.role === 'tool') {
      if (message.cache !== undefined) count++
      continue
    }
    for (const part of message.content) if ('cache' in part && part.cache !== undefined) count++
  }
  if (count === 0) return
  adjustments.push({
    param: 'cache',
    action: 'dropped',
    detail: `${count} cache breakpoint(s) not sent: Chat Completions caches prompt prefixes of 1,024 tokens or more by itself, without breakpoints.`,
  })
}

function wireResponseFormat(format: ResponseFormat): OpenaiResponseFormat {
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

function wireToolChoice(choice: ToolChoice): OpenaiToolChoice {
  if (typeof choice === 'string') return choice
  return { type: 'function', function: { name: choice.name } }
}
