import type { ChatRequest, ReasoningEffort } from '../../chat/chat-request'
import { EFFORT_BUDGET_TOKENS } from '../../chat/reasoning-budgets'
import type { ParamAdjustment } from '../dialect'
import { ANTHROPIC_MIN_THINKING_BUDGET } from './anthropic-constants'
import type { AnthropicThinking } from './anthropic-request-types'

/** The efforts `output_config.effort` takes (B1.2). */
type AnthropicEffort = 'low' | 'medium' | 'high' | 'max'
const ANTHROPIC_EFFORT: Record<Exclude<ReasoningEffort, 'none'>, AnthropicEffort> = {
  minimal: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'max',
  max: 'max',
}

export type AnthropicReasoningFields = { thinking?: AnthropicThinking; effort?: AnthropicEffort }

/**
 * The canonical reasoning setting as Messages' `thinking` (and `output_config.effort` for adaptive
 * thinking), converting what Messages lacks and saying so:
 * - an effort becomes a budget (EFFORT_BUDGET_TOKENS), kept under `max_tokens` as the API requires,
 *   or thinking is left off when `max_tokens` has no room for the 1024-token minimum; `none` is off;
 * - a tool_choice that forces a tool cannot go with thinking (the API answers 400): thinking is
 *   left off, since the forced tool is what the request is built around.
 * A budget or adaptive setting is sent as given: if the API refuses it, its 400 says why.
 */
export function anthropicReasoningFields(
  request: ChatRequest,
  maxTokens: number,
  adjustments: ParamAdjustment[],
): AnthropicReasoningFields {
  const reasoning = request.reasoning
  if (reasoning === undefined) return {}
  if (reasoning.type === 'off') return { thinking: { type: 'disabled' } }
  if (reasoning.type === 'effort' && reasoning.effort === 'none') {
    adjustments.push({
      param: 'reasoning',
      action: 'converted',
      detail: 'reasoning effort none sent as thinking {"type":"disabled"}.',
    })
    return { thinking: { type: 'disabled' } }
  }
  const forced = request.toolChoice === 'required' || typeof request.toolChoice === 'object'
  if (forced && request.tools !== undefined && request.tools.length > 0) {
    adjustments.push({
      param: 'reasoning',
      action: 'dropped',
      detail: 'reasoning not sent: Messages refuses thinking when tool_choice forces a tool.',
    })
    return {}
  }
  switch (reasoning.type) {
    case 'budget':
      return {
        thinking: {
          type: 'enabled',
          budget_tokens: reasoning.budgetTokens,
          ...(reasoning.display === undefined ? {} : { display: reasoning.display }),
        },
      }
    case 'adaptive':
      return adaptiveFields(reasoning.display, reasoning.effort, adjustments)
    case 'effort':
      return effortAsBudget(reasoning.effort, maxTokens, adjustments)
    default: {
      const unreachable: never = reasoning
      throw new Error(`unknown reasoning setting ${JSON.stringify(unreachable)}`)
    }
  }
}

function adaptiveFields(
  display: 'summarized' | 'omitted' | undefined,
  effort: ReasoningEffort | undefined,
  adjustments: ParamAdjustment[],
): AnthropicReasoningFields {
  const thinking: AnthropicThinking = { type: 'adaptive', ...(display === undefined ? {} : { display }) }
  if (effort === undefined) return { thinking }
  if (effort === 'none') {
    adjustments.push({
      param: 'reasoning',
      action: 'converted',
      detail: 'adaptive reasoning at effort none sent as thinking {"type":"disabled"}.',
    })
    return { thinking: { type: 'disabled' } }
  }
  const wire = ANTHROPIC_EFFORT[effort]
  if (wire !== effort) {
    adjustments.push({
      param: 'reasoning',
      action: 'converted',
      detail: `reasoning effort ${effort} sent as output_config.effort ${wire}: Messages takes low, medium, high or max.`,
    })
  }
  return { thinking, effort: wire }
}

function effortAsBudget(
  effort: ReasoningEffort,
  maxTokens: number,
  adjustments: ParamAdjustment[],
): AnthropicReasoningFields {
  const budget = Math.min(EFFORT_BUDGET_TOKENS[effort], maxTokens - 1)
  if (budget < ANTHROPIC_MIN_THINKING_BUDGET) {
    adjustments.push({
      param: 'reasoning',
      action: 'dropped',
      detail: `reasoning effort ${effort} not sent: Messages thinks with a budget of at least ${ANTHROPIC_MIN_THINKING_BUDGET} tokens, below max_tokens (${maxTokens}).`,
    })
    return {}
  }
  adjustments.push({
    param: 'reasoning',
    action: 'converted',
    detail: `reasoning effort ${effort} sent as thinking with budget_tokens ${budget}${budget < EFFORT_BUDGET_TOKENS[effort] ? ' (kept under max_tokens)' : ''}.`,
  })
  return { thinking: { type: 'enabled', budget_tokens: budget } }
}
