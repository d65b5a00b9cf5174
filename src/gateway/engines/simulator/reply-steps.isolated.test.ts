import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { tokenizerCalls as calls } from '@shared/tokens/__fixtures__/tokenizer-calls'
import { WINDOW_CHARS } from '@shared/tokens/count-text-tokens'
import { simulationSteps } from './reply-steps'
import type { SimulationContext } from './simulation-types'

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) =>
  (await import('@shared/tokens/__fixtures__/tokenizer-calls')).recordingTokenizer(await importOriginal()),
)
afterEach(() => {
  calls.lengths = []
})

const context: SimulationContext = {
  dialect: 'anthropic-messages',
  model: { name: 'm', contextLength: 1_048_576, vision: false },
  pacing: { ttftMs: 0, tokensPerSecond: 3000 },
}
const ask = (text: string): ChatRequest => ({
  model: 'm',
  stream: true,
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
})
const tokenized = () => calls.lengths.reduce((sum, length) => sum + length, 0)

describe('simulationSteps', () => {
  it('has the first token of a 100,000-token reply out before the rest of the reply is written', () => {
    calls.lengths = []
    const steps = simulationSteps(ask('Write 100,000 tokens about streaming.'), context)[Symbol.iterator]()
    let step = steps.next()
    while (!step.done && step.value.part.type !== 'text-delta') step = steps.next()
    expect(step.done).toBe(false)
    // The text composed and tokenized by the first token: its first window or so (each is counted as
    // it is composed, then cut into pieces once its window is full).
    const beforeFirstToken = tokenized()
    let deltas = 1
    for (step = steps.next(); !step.done; step = steps.next()) {
      if (step.value.part.type === 'text-delta') deltas++
    }
    expect(deltas).toBeGreaterThan(90_000)
    expect(tokenized()).toBeGreaterThan(100 * beforeFirstToken)
    expect(beforeFirstToken).toBeLessThan(4 * WINDOW_CHARS)
  })
})
