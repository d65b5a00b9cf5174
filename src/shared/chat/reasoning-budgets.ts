import { REASONING_EFFORTS, type ReasoningEffort } from './chat-request'

/**
 * The thinking budget, in tokens, each Chat Completions effort stands for: how a builder turns an
 * effort into a Messages `budget_tokens` (and a budget back into the nearest effort), and how much
 * the local gateway's simulator thinks at each effort. LiteLLM maps efforts to fixed budgets the same
 * way (dialects.md C1); Messages' minimum budget is 1024, so the smallest effort that thinks asks
 * for that.
 */
export const EFFORT_BUDGET_TOKENS: Readonly<Record<ReasoningEffort, number>> = {
  none: 0,
  minimal: 1024,
  low: 2048,
  medium: 4096,
  high: 8192,
  xhigh: 16384,
  max: 32768,
}

/** The effort whose budget is nearest `budgetTokens` (a tie goes to the smaller effort). */
export function effortForBudget(budgetTokens: number): ReasoningEffort {
  let best: ReasoningEffort = 'minimal'
  for (const effort of REASONING_EFFORTS) {
    if (effort === 'none') continue
    const distance = Math.abs(EFFORT_BUDGET_TOKENS[effort] - budgetTokens)
    if (distance < Math.abs(EFFORT_BUDGET_TOKENS[best] - budgetTokens)) best = effort
  }
  return best
}
