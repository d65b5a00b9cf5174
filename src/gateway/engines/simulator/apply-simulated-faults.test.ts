import { describe, expect, it } from 'vitest'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import { reduceStreamParts } from '@shared/chat/reduce-stream-part'
import { applySimulatedFaults, MIDSTREAM_ERROR_AFTER_PARTS, runSimulation } from './apply-simulated-faults'
import { parseSimulateHeader } from '@shared/runs/simulate-header'
import { simulate, simulationSteps } from './simulate'
import { collectSteps, type SimulationContext } from './simulation'

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
  return collectSteps(applySimulatedFaults(steps, parseSimulateHeader(header), dialect).steps)
}

describe('applySimulatedFaults', () => {
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
    const dropped = applySimulatedFaults(
      simulationSteps(request, context()),
      parseSimulateHeader('drop-after=5'),
      'openai-chat',
    )
    expect(dropped.dropAfterPart).toBe(5)
    expect(collectSteps(dropped.steps)).toEqual(clean)
    const none = applySimulatedFaults(
      simulationSteps(request, context()),
      parseSimulateHeader(undefined),
      'openai-chat',
    )
    expect(none.dropAfterPart).toBeUndefined()
    expect(collectSteps(none.steps)).toEqual(clean)
  })
})

describe('runSimulation', () => {
  it('throws the requested HTTP error before generating anything', () => {
    let thrown: unknown
    try {
      runSimulation(request, context(), parseSimulateHeader('status=429, retry-after=2'))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(GatewayError)
    expect(thrown).toMatchObject({ kind: 'rate_limit', status: 429, retryAfterSeconds: 2 })
    expect(() => runSimulation(request, context(), parseSimulateHeader('status=529'))).toThrow(/simulated/i)
  })

  it('applies the pacing overrides of the header', () => {
    const paced = collectSteps(
      runSimulation(request, context(), parseSimulateHeader('ttft-ms=800; tokens-per-second=3000')).steps,
    )
    const n = paced.parts.filter((part) => part.type === 'text-delta').length
    expect(paced.delaysMs[2]).toBe(800)
    const total = paced.delaysMs.reduce((sum, delay) => sum + delay, 0)
    expect(Math.abs(total - (800 + ((n - 1) * 1000) / 3000))).toBeLessThanOrEqual(1)
  })

  it('is the plain simulation when the header asks for nothing', () => {
    const plain = runSimulation(request, context(), parseSimulateHeader(undefined))
    expect(plain.dropAfterPart).toBeUndefined()
    expect(collectSteps(plain.steps)).toEqual(simulate(request, context()))
  })

  it('combines faults: a mid-stream error and a drop', () => {
    const both = runSimulation(request, context(), parseSimulateHeader('midstream-error, drop-after=2'))
    expect(collectSteps(both.steps).parts.at(-1)?.type).toBe('error')
    expect(both.dropAfterPart).toBe(2)
  })
})
