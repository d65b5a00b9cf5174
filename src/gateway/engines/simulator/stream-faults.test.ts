import { describe, expect, it } from 'vitest'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { parseSimulateHeader } from '@shared/runs/simulate-header'
import { collectSteps, simulate, simulationSteps } from './reply-steps'
import type { SimulationContext } from './simulation-types'
import { applyStreamFaults, MIDSTREAM_ERROR_AFTER_PARTS } from './stream-faults'

const request: ChatRequest = {
  model: 'vendora-V4-Flash-Vision-Exp',
  stream: true,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Explain streaming.' }] }],
}

function context(dialect: DialectId = 'openai-chat'): SimulationContext {
  return {
    dialect,
    model: { name: 'vendora-V4-Flash-Vision-Exp', contextLength: 1_048_576, vision: true },
    pacing: { ttftMs: 300, tokensPerSecond: 80 },
  }
}

const isContent = (type: string) => type === 'text-delta' || type === 'tool-call-delta'

function withFaults(header: string, asked: ChatRequest, dialect: DialectId = 'openai-chat') {
  const steps = simulationSteps(asked, context(dialect))
  return collectSteps(applyStreamFaults(steps, parseSimulateHeader(header), dialect).steps)
}

describe('applyStreamFaults', () => {
  for (const [dialect, type] of [
    ['openai-chat', 'server_error'],
    ['anthropic-messages', 'overloaded_error'],
  ] as const) {
    it(`${dialect}: midstream-error keeps a few tokens, then one overloaded error part ends the stream`, () => {
      const clean = simulate(request, context(dialect))
      const faulty = withFaults('midstream-error', request, dialect)
      const types = faulty.parts.map((part) => part.type)
      expect(types.filter(isContent)).toHaveLength(MIDSTREAM_ERROR_AFTER_PARTS)
      expect(types.at(-1)).toBe('error')
      expect(types).not.toContain('end')
      expect(types).not.toContain('finish')
      expect(faulty.delaysMs).toHaveLength(faulty.parts.length)
      expect(faulty.parts.slice(0, -1)).toEqual(clean.parts.slice(0, faulty.parts.length - 1))

      const result = reduceStreamParts(faulty.parts)
      expect(result.status).toBe('provider_error')
      expect(result.error).toMatchObject({ type, kind: 'overloaded' })
      expect(result.error?.message).toMatch(/simulated/i)
      expect(result.content[0]?.type === 'text' && result.content[0].text.length).toBeGreaterThan(0)
    })
  }

  it('midstream-error on a reply shorter than a few tokens still ends in the error', () => {
    const faulty = withFaults('midstream-error', { ...request, maxTokens: 2 })
    expect(faulty.parts.map((part) => part.type)).toEqual(['start', 'usage', 'text-delta', 'error'])
  })

  it('drop-after marks where the gateway cuts the connection, leaving the parts whole', () => {
    const clean = simulate(request, context())
    const dropped = applyStreamFaults(
      simulationSteps(request, context()),
      parseSimulateHeader('drop-after=5'),
      'openai-chat',
    )
    expect(dropped.dropAfterPart).toBe(5)
    expect(collectSteps(dropped.steps)).toEqual(clean)
    const none = applyStreamFaults(
      simulationSteps(request, context()),
      parseSimulateHeader(undefined),
      'openai-chat',
    )
    expect(none.dropAfterPart).toBeUndefined()
    expect(collectSteps(none.steps)).toEqual(clean)
  })
})
