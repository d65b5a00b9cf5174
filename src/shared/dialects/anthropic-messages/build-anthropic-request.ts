import type { ChatRequest, JsonSchema, ToolChoice } from '../../chat/chat-request'
import { joinUrl } from '../../http/http-request'
import type { Target } from '../../http/http-request'
import { withJsonBody } from '../../http/json-request-body'
import { clampParam } from '../clamp-param'
import type { BuiltRequest, ParamAdjustment } from '../dialect'
import { ANTHROPIC_VERSION, DEFAULT_ANTHROPIC_MAX_TOKENS } from './anthropic-constants'
import { ANTHROPIC_PARAMETER_RANGES } from './anthropic-parameter-ranges'
import { withCacheControl } from './anthropic-cache-control'
import type { AnthropicToolChoice } from './anthropic-request-types'
import { anthropicReasoningFields } from './build-anthropic-thinking'
import { toAnthropicMessages } from './convert-to-anthropic-messages'

export const ANTHROPIC_MESSAGES_PATH = '/messages'

/** A canonical request as the Messages HTTP request a client sends, plus what had to change. */
export function buildAnthropicRequest(request: ChatRequest, target: Target): BuiltRequest {
  const adjustments: ParamAdjustment[] = []
  const body: Record<string, unknown> = { model: request.model }

  const maxTokens = wireMaxTokens(request.maxTokens, adjustments)
  body['max_tokens'] = maxTokens
  if (request.system !== undefined && request.system !== '') {
    // A breakpoint needs the block form: the string shorthand has nowhere to put cache_control.
    body['system'] =
      request.systemCache === undefined
        ? request.system
        : [{ type: 'text', text: request.system, ...withCacheControl(request.systemCache) }]
  }
  body['messages'] = toAnthropicMessages(request.messages, adjustments)

  if (request.temperature !== undefined) {
    body['temperature'] = clampParam(request.temperature, ANTHROPIC_PARAMETER_RANGES.temperature, adjustments)
  }
  if (request.topP !== undefined) {
    body['top_p'] = clampParam(request.topP, ANTHROPIC_PARAMETER_RANGES.topP, adjustments)
  }

  const stopSequences = wireStopSequences(request.stop ?? [], adjustments)
  if (stopSequences.length > 0) body['stop_sequences'] = stopSequences
  if (request.stream) body['stream'] = true

  const hasTools = request.tools !== undefined && request.tools.length > 0
  if (hasTools) {
    body['tools'] = request.tools?.map((tool) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      input_schema: tool.parameters,
      ...withCacheControl(tool.cache),
    }))
  }
  const toolChoice = toAnthropicToolChoice(
    request.toolChoice,
    request.parallelToolCalls,
    hasTools,
    adjustments,
  )
  if (toolChoice !== undefined) body['tool_choice'] = toolChoice

  if (request.seed !== undefined) {
    adjustments.push({
      param: 'seed',
      action: 'dropped',
      detail: `seed ${request.seed} dropped: Messages has no seed parameter.`,
    })
  }
  // includeUsage needs nothing: Messages always reports usage.
  if (request.promptCacheKey !== undefined) {
    adjustments.push({
      param: 'promptCacheKey',
      action: 'dropped',
      detail:
        'prompt_cache_key dropped: Messages has none; it caches the prompt up to each cache_control breakpoint.',
    })
  }

  const { thinking, effort } = anthropicReasoningFields(request, maxTokens, adjustments)
  if (thinking !== undefined) body['thinking'] = thinking
  const format = toAnthropicOutputFormat(request, adjustments)
  if (format !== undefined || effort !== undefined) {
    body['output_config'] = {
      ...(format === undefined ? {} : { format }),
      ...(effort === undefined ? {} : { effort }),
    }
  }

  return {
    http: withJsonBody(
      {
        method: 'POST',
        url: joinUrl(target.baseUrl, ANTHROPIC_MESSAGES_PATH),
        headers: {
          'content-type': 'application/json',
          'x-api-key': target.apiKey,
          'anthropic-version': ANTHROPIC_VERSION,
        },
      },
      body,
    ),
    adjustments,
  }
}

/** Messages requires `max_tokens`: a request without one gets the default, and is told so. */
function wireMaxTokens(maxTokens: number | undefined, adjustments: ParamAdjustment[]): number {
  if (maxTokens !== undefined) return maxTokens
  adjustments.push({
    param: 'maxTokens',
    action: 'defaulted',
    detail: `max_tokens set to ${DEFAULT_ANTHROPIC_MAX_TOKENS}: Messages requires it and the request has none.`,
  })
  return DEFAULT_ANTHROPIC_MAX_TOKENS
}

/** The stop sequences Messages takes: whitespace-only ones are dropped, and said. */
function wireStopSequences(stop: readonly string[], adjustments: ParamAdjustment[]): string[] {
  const kept: string[] = []
  for (const sequence of stop) {
    if (sequence.trim() === '') {
      adjustments.push({
        param: 'stop',
        action: 'dropped',
        detail: `stop sequence ${JSON.stringify(sequence)} dropped: Messages rejects whitespace-only stop sequences.`,
      })
    } else {
      kept.push(sequence)
    }
  }
  return kept
}

function toAnthropicToolChoice(
  choice: ToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
  hasTools: boolean,
  adjustments: ParamAdjustment[],
): AnthropicToolChoice | undefined {
  let wire: AnthropicToolChoice | undefined
  if (choice === 'auto') wire = { type: 'auto' }
  else if (choice === 'required') wire = { type: 'any' }
  else if (choice === 'none') wire = { type: 'none' }
  else if (choice !== undefined) wire = { type: 'tool', name: choice.name }

  if (parallelToolCalls !== false) return wire
  // Opposite polarity: OpenAI's `parallel_tool_calls: false` is Messages' `disable_parallel_tool_use: true`,
  // which lives on tool_choice (LiteLLM creates an `auto` choice to carry it).
  if (!hasTools) {
    adjustments.push({
      param: 'parallelToolCalls',
      action: 'dropped',
      detail: 'parallelToolCalls false dropped: the request has no tools.',
    })
    return wire
  }
  if (wire?.type === 'none') {
    adjustments.push({
      param: 'parallelToolCalls',
      action: 'dropped',
      detail: 'parallelToolCalls false dropped: tool_choice none allows no tool use at all.',
    })
    return wire
  }
  adjustments.push({
    param: 'parallelToolCalls',
    action: 'converted',
    detail: 'parallelToolCalls false sent as tool_choice.disable_parallel_tool_use: true.',
  })
  return { ...(wire ?? { type: 'auto' }), disable_parallel_tool_use: true }
}

function toAnthropicOutputFormat(
  request: ChatRequest,
  adjustments: ParamAdjustment[],
): { type: 'json_schema'; schema: JsonSchema } | undefined {
  const format = request.responseFormat
  if (format === undefined) return undefined
  switch (format.type) {
    case 'text':
      return undefined
    case 'json_object':
      adjustments.push({
        param: 'responseFormat',
        action: 'converted',
        detail: 'responseFormat json_object sent as output_config.format with the schema {"type":"object"}.',
      })
      return { type: 'json_schema', schema: { type: 'object' } }
    case 'json_schema': {
      const dropped = [
        `name ${JSON.stringify(format.name)}`,
        ...(format.description === undefined ? [] : ['description']),
        ...(format.strict === undefined ? [] : [`strict ${format.strict}`]),
      ]
      adjustments.push({
        param: 'responseFormat',
        action: 'converted',
        detail: `responseFormat json_schema sent as output_config.format; ${dropped.join(', ')} dropped (Messages takes only the schema).`,
      })
      return { type: 'json_schema', schema: format.schema }
    }
    default: {
      const unreachable: never = format
      throw new Error(`unknown response format ${JSON.stringify(unreachable)}`)
    }
  }
}
