import { describe, expect, it } from 'vitest'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import { parseSimulateHeader } from '@shared/runs/simulate-header'
import { collectSteps, simulate } from './reply-steps'
import { runSimulation } from './run-simulation'
import type { SimulationContext } from './simulation-types'

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
