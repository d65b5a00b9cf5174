import { describe, expect, it } from 'vitest'
import type { ChatRequest, ReasoningSetting } from '../../chat/chat-request'
import type { ParamAdjustment } from '../dialect'
import { anthropicReasoningFields } from './build-anthropic-thinking'

const request = (reasoning: ReasoningSetting, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'm',
  stream: false,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  reasoning,
  ...extra,
})

function fields(reasoning: ReasoningSetting, maxTokens: number, extra: Partial<ChatRequest> = {}) {
  const adjustments: ParamAdjustment[] = []
  const built = anthropicReasoningFields(request(reasoning, extra), maxTokens, adjustments)
  return { ...built, adjustments: adjustments.map((a) => `${a.param} ${a.action}`) }
}

describe('anthropicReasoningFields', () => {
  it('sends a budget, off and adaptive thinking as given, without adjustments', () => {
    expect(fields({ type: 'budget', budgetTokens: 2048, display: 'omitted' }, 4096)).toEqual({
      thinking: { type: 'enabled', budget_tokens: 2048, display: 'omitted' },
      adjustments: [],
    })
    expect(fields({ type: 'off' }, 4096)).toEqual({ thinking: { type: 'disabled' }, adjustments: [] })
    expect(fields({ type: 'adaptive', effort: 'high' }, 4096)).toEqual({
      thinking: { type: 'adaptive' },
      effort: 'high',
      adjustments: [],
    })
  })

  it('turns an effort into a budget kept under max_tokens, and says so', () => {
    expect(fields({ type: 'effort', effort: 'high' }, 32_000)).toEqual({
      thinking: { type: 'enabled', budget_tokens: 8192 },
      adjustments: ['reasoning converted'],
    })
    expect(fields({ type: 'effort', effort: 'max' }, 4096)).toEqual({
      thinking: { type: 'enabled', budget_tokens: 4095 },
      adjustments: ['reasoning converted'],
    })
    expect(fields({ type: 'effort', effort: 'none' }, 4096)).toEqual({
      thinking: { type: 'disabled' },
      adjustments: ['reasoning converted'],
    })
  })

  it('leaves thinking out when max_tokens has no room for 1024, or a tool is forced, and says so', () => {
    expect(fields({ type: 'effort', effort: 'low' }, 1000)).toEqual({ adjustments: ['reasoning dropped'] })
    const forced = { tools: [{ name: 'f', parameters: { type: 'object' } }], toolChoice: { name: 'f' } }
    expect(fields({ type: 'budget', budgetTokens: 2048 }, 4096, forced)).toEqual({
      adjustments: ['reasoning dropped'],
    })
    expect(fields({ type: 'effort', effort: 'low' }, 4096, { ...forced, toolChoice: 'required' })).toEqual({
      adjustments: ['reasoning dropped'],
    })
  })

  it('maps the efforts Messages lacks onto its four', () => {
    expect(fields({ type: 'adaptive', effort: 'minimal' }, 4096)).toMatchObject({
      effort: 'low',
      adjustments: ['reasoning converted'],
    })
    expect(fields({ type: 'adaptive', effort: 'xhigh' }, 4096)).toMatchObject({
      effort: 'max',
      adjustments: ['reasoning converted'],
    })
  })
})
