import { describe, expect, it } from 'vitest'
import type { ChatRequest, ReasoningSetting } from '@shared/chat/chat-request'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { simulate } from './reply-steps'
import type { SimulationContext } from './simulation-types'
import { createThinkingSigner } from './thinking-signer'

const signer = createThinkingSigner()
const context: SimulationContext = {
  dialect: 'anthropic-messages',
  model: { name: 'vendorb3.8-Flash-Next', contextLength: 262_144, vision: false },
  pacing: { ttftMs: 100, tokensPerSecond: 1000 },
  seal: signer,
}

function ask(reasoning: ReasoningSetting | undefined, extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'vendorb3.8-Flash-Next',
    stream: true,
    maxTokens: 40_000,
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Why is the sky blue?' }] }],
    ...(reasoning === undefined ? {} : { reasoning }),
    ...extra,
  }
}

const run = (request: ChatRequest) => {
  const reply = simulate(request, context)
  return { ...reply, result: reduceStreamParts(reply.parts) }
}

describe('the simulator thinks', () => {
  it('before the answer, signed, counted in output and as reasoning tokens', () => {
    const { result } = run(ask({ type: 'budget', budgetTokens: 4096 }))
    const [thinking, answer] = result.content
    expect(thinking?.type).toBe('reasoning')
    expect(answer?.type).toBe('text')
    if (thinking?.type !== 'reasoning') return
    expect(thinking.text).toMatch(/simulated thinking/)
    expect(signer.verify(thinking.text, thinking.signature ?? '')).toBe(true)
    const reasoningTokens = result.usage?.reasoningTokens ?? 0
    expect(reasoningTokens).toBeGreaterThanOrEqual(4096 / 16)
    expect(reasoningTokens).toBeLessThanOrEqual(4096 / 8)
    expect(result.usage?.outputTokens).toBeGreaterThan(reasoningTokens)
  })

  it('the same way every time, and the answer is the one it gives without thinking', () => {
    const request = ask({ type: 'effort', effort: 'medium' })
    expect(run(request).parts).toEqual(run(request).parts)
    const answer = (r: ReturnType<typeof run>) => r.result.content.filter((part) => part.type === 'text')
    expect(answer(run(request))).toEqual(answer(run(ask(undefined))))
  })

  it('more for a larger effort or budget, never past the budget nor max_tokens', () => {
    const tokens = (request: ChatRequest) => run(request).result.usage?.reasoningTokens ?? 0
    expect(tokens(ask({ type: 'effort', effort: 'high' }))).toBeGreaterThan(
      tokens(ask({ type: 'effort', effort: 'low' })),
    )
    expect(tokens(ask({ type: 'budget', budgetTokens: 16_000 }))).toBeGreaterThan(
      tokens(ask({ type: 'budget', budgetTokens: 2_000 })),
    )
    const capped = run(ask({ type: 'effort', effort: 'max' }, { maxTokens: 1500 })).result
    expect(capped.usage?.reasoningTokens).toBeLessThanOrEqual(1500)
    expect(capped.usage?.outputTokens).toBeLessThanOrEqual(1500)
  })

  it('not at all when off, at effort none, or not asked', () => {
    for (const reasoning of [
      undefined,
      { type: 'off' } as const,
      { type: 'effort', effort: 'none' } as const,
    ]) {
      const { result } = run(ask(reasoning))
      expect(result.content.some((part) => part.type === 'reasoning')).toBe(false)
      expect(result.usage?.reasoningTokens).toBeUndefined()
    }
  })

  it('omits the text when display is "omitted" (a signature over the empty text), redacts when asked', () => {
    const omitted = run(ask({ type: 'budget', budgetTokens: 2048, display: 'omitted' })).result
    expect(omitted.content[0]).toEqual({ type: 'reasoning', text: '', signature: signer.sign('') })
    expect(omitted.usage?.reasoningTokens).toBeGreaterThan(0)
    const redacted = run(
      ask(
        { type: 'budget', budgetTokens: 2048 },
        {
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Show me redacted thinking.' }] }],
        },
      ),
    ).result
    const block = redacted.content[0]
    expect(block?.type).toBe('redacted-reasoning')
    if (block?.type === 'redacted-reasoning') expect(signer.verifyRedacted(block.data)).toBe(true)
  })

  it('streams the thinking at the configured pace, before the first answer token', () => {
    const { parts, delaysMs } = run(ask({ type: 'budget', budgetTokens: 4096 }))
    const firstThinking = parts.findIndex((part) => part.type === 'reasoning-delta')
    const firstText = parts.findIndex((part) => part.type === 'text-delta')
    expect(firstThinking).toBeLessThan(firstText)
    const thinkingDeltas = parts.filter((part) => part.type === 'reasoning-delta').length
    const waitedBeforeText = delaysMs.slice(firstThinking + 1, firstText + 1).reduce((a, b) => a + b, 0)
    // One token per delta at 1000 tokens/s: about a millisecond each.
    expect(waitedBeforeText).toBeGreaterThanOrEqual(thinkingDeltas - 1)
  })
})
