import {
  REASONING_EFFORTS,
  type DialectId,
  type ReasoningDisplay,
  type ReasoningEffort,
  type ReasoningSetting,
} from '@shared/chat/chat-request'
import {
  ANTHROPIC_MIN_THINKING_BUDGET,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
} from '@shared/dialects/anthropic-messages/anthropic-constants'
import type { SelectOption } from '@renderer/components/SelectField'

/**
 * The reasoning control in each dialect's own terms: Messages thinks `off`, within a `budget` of
 * tokens, or `adaptive`ly (with a `display` for both); Chat Completions has a `reasoning_effort`.
 * One setting serves linked panes; a pane whose dialect has no such term converts it (the builder
 * says how, in the adjustments), and the control shows the other dialect's value as it is.
 */
export type ReasoningChoice =
  'default' | 'off' | 'budget' | 'adaptive' | `effort:${ReasoningEffort}` | 'other'

export const MIN_THINKING_BUDGET = ANTHROPIC_MIN_THINKING_BUDGET
const DEFAULT_THINKING_BUDGET = 2048

const count = new Intl.NumberFormat('en-US')

/** The setting in words: the differences table, and the control of a pane of the other dialect. */
export function describeReasoning(setting: ReasoningSetting | undefined): string {
  if (setting === undefined) return 'default'
  switch (setting.type) {
    case 'off':
      return 'thinking off'
    case 'budget':
      return `thinking budget ${count.format(setting.budgetTokens)}${setting.display ? ` (${setting.display})` : ''}`
    case 'adaptive':
      return `adaptive thinking${setting.display ? ` (${setting.display})` : ''}`
    case 'effort':
      return `effort ${setting.effort}`
    default: {
      const unreachable: never = setting
      throw new Error(`unknown reasoning ${JSON.stringify(unreachable)}`)
    }
  }
}

export function choiceOf(setting: ReasoningSetting | undefined, dialect: DialectId): ReasoningChoice {
  if (setting === undefined) return 'default'
  if (dialect === 'openai-chat') return setting.type === 'effort' ? `effort:${setting.effort}` : 'other'
  return setting.type === 'effort' ? 'other' : setting.type
}

export function reasoningOptions(
  dialect: DialectId,
  setting: ReasoningSetting | undefined,
): Array<SelectOption<ReasoningChoice>> {
  const options: Array<SelectOption<ReasoningChoice>> = [{ value: 'default', label: 'Default (not sent)' }]
  if (dialect === 'anthropic-messages') {
    options.push(
      { value: 'off', label: 'Off' },
      { value: 'budget', label: 'Budget' },
      { value: 'adaptive', label: 'Adaptive' },
    )
  } else {
    for (const effort of REASONING_EFFORTS) options.push({ value: `effort:${effort}`, label: effort })
  }
  if (choiceOf(setting, dialect) === 'other') {
    options.push({ value: 'other', label: `${describeReasoning(setting)} (the other dialect's term)` })
  }
  return options
}

/** The room a Messages reply has: max tokens, or the default the builder sends. */
function replyRoom(maxTokens: number | undefined): number {
  return maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS
}

/** What choosing `choice` sets (the budget and display carried over where they still apply). */
export function settingFor(
  choice: ReasoningChoice,
  current: ReasoningSetting | undefined,
  maxTokens: number | undefined,
): ReasoningSetting | undefined {
  const display: ReasoningDisplay | undefined =
    current?.type === 'budget' || current?.type === 'adaptive' ? current.display : undefined
  switch (choice) {
    case 'default':
      return undefined
    case 'off':
      return { type: 'off' }
    case 'budget': {
      const room = replyRoom(maxTokens)
      const budget = Math.max(MIN_THINKING_BUDGET, Math.min(DEFAULT_THINKING_BUDGET, room - 1))
      return { type: 'budget', budgetTokens: budget, ...(display ? { display } : {}) }
    }
    case 'adaptive':
      return { type: 'adaptive', ...(display ? { display } : {}) }
    case 'other':
      return current
    default:
      return { type: 'effort', effort: choice.slice('effort:'.length) as ReasoningEffort }
  }
}

/** Why a thinking budget would be refused (Messages: at least 1,024 and below max_tokens), if so. */
export function budgetProblem(budget: number, maxTokens: number | undefined): string | undefined {
  const room = replyRoom(maxTokens)
  if (!Number.isInteger(budget) || budget < MIN_THINKING_BUDGET) {
    return `The thinking budget must be a whole number of at least ${count.format(MIN_THINKING_BUDGET)} tokens.`
  }
  if (budget >= room) {
    return `The thinking budget must be below max tokens (${count.format(room)}${maxTokens === undefined ? ', the default' : ''}): raise max tokens or lower the budget.`
  }
  return undefined
}
