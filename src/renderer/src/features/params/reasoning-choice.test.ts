import { describe, expect, it } from 'vitest'
import { budgetProblem, choiceOf, describeReasoning, reasoningOptions, settingFor } from './reasoning-choice'

describe('the reasoning control', () => {
  it("offers each dialect's own terms, and shows the other dialect's value as it is", () => {
    expect(reasoningOptions('anthropic-messages', undefined).map((o) => o.value)).toEqual([
      'default',
      'off',
      'budget',
      'adaptive',
    ])
    expect(reasoningOptions('openai-chat', undefined).map((o) => o.value)).toContain('effort:high')
    const budget = { type: 'budget', budgetTokens: 4096 } as const
    expect(choiceOf(budget, 'openai-chat')).toBe('other')
    expect(reasoningOptions('openai-chat', budget).at(-1)?.label).toBe(
      "thinking budget 4,096 (the other dialect's term)",
    )
    expect(choiceOf({ type: 'effort', effort: 'low' }, 'openai-chat')).toBe('effort:low')
  })

  it('chooses a budget that fits max tokens, and keeps the display across off/budget/adaptive', () => {
    expect(settingFor('budget', undefined, undefined)).toEqual({ type: 'budget', budgetTokens: 2048 })
    expect(settingFor('budget', undefined, 1500)).toEqual({ type: 'budget', budgetTokens: 1499 })
    expect(
      settingFor('adaptive', { type: 'budget', budgetTokens: 2048, display: 'omitted' }, undefined),
    ).toEqual({
      type: 'adaptive',
      display: 'omitted',
    })
    expect(settingFor('effort:max', undefined, undefined)).toEqual({ type: 'effort', effort: 'max' })
    expect(settingFor('default', { type: 'off' }, undefined)).toBeUndefined()
    expect(describeReasoning({ type: 'adaptive', display: 'summarized' })).toBe(
      'adaptive thinking (summarized)',
    )
  })

  it('says why a budget would be refused', () => {
    expect(budgetProblem(512, undefined)).toMatch(/at least 1,024/)
    expect(budgetProblem(4096, 4096)).toMatch(/below max tokens \(4,096\)/)
    expect(budgetProblem(2048, undefined)).toBeUndefined()
  })
})
