import { describe, expect, it } from 'vitest'
import { createRegistryCellExecutor } from '@main/services/eval/registry-cell-executor'
import type { RunRegistryOptions } from '@main/services/runs/run-registry-options'
import type { TestSet } from '@shared/eval/test-set-schema'
import { runInMemory as runEvaluation } from '@test/support/run-in-memory'
import { bothDialectTargets, localGatewayTarget, quietLogger } from './support/local-gateway-target'

/** The eval core on the real run registry against the real local gateway (simulator, loopback). */
const { resolveTarget } = localGatewayTarget({
  key: 'sk-eval-executor-test-key-0123456789',
  tokensPerSecond: 400,
})
const targets = bothDialectTargets
const set: TestSet = {
  format: 'model-gateway-test-set',
  version: 1,
  name: 'cities',
  prompt: { messages: [{ role: 'user', content: 'Tell me about {{city}}.' }], params: { temperature: 0 } },
  graders: [
    { type: 'contains', value: 'Tell me about' },
    { type: 'finish-reason', reason: 'stop' },
    { type: 'points', max: '1' },
  ],
  cases: ['Oslo', 'Lima', 'Rome', 'Kyiv', 'Doha', 'Riga'].map((city) => ({ id: city, vars: { city } })),
}

function executor(options: Partial<RunRegistryOptions> = {}) {
  const sent: string[] = []
  const built = createRegistryCellExecutor({
    resolveTarget,
    logger: quietLogger,
    fetch: (input, init) => {
      sent.push(String(input))
      return globalThis.fetch(input, init)
    },
    ...options,
  })
  return { ...built, sent }
}

describe('evaluation over the run registry and the local gateway', () => {
  it('grades real replies of both dialects with measured figures and points', async () => {
    const { execute } = executor()
    const run = await runEvaluation({ set, targets, execute, concurrency: 4 })
    expect(run.cells).toHaveLength(12)
    for (const cell of run.cells) {
      expect(cell, JSON.stringify(cell.graders)).toMatchObject({ state: 'completed', passed: true })
      expect(cell.ttftMs).toBeGreaterThanOrEqual(0)
      expect(cell.totalMs).toBeGreaterThanOrEqual(cell.ttftMs ?? 0)
      expect(cell.points).toMatch(/^0\.\d+$/)
      expect(cell.output).toContain(`Tell me about ${cell.caseId}.`)
    }
  })

  it('retries per the run policy: a 503 before the reply is sent again and the cell passes', async () => {
    const { execute, sent } = executor({
      retry: { maxRetries: 2, maxDelayMs: 50 },
      testHeaders: (_input, attempt): Record<string, string> =>
        attempt === 0 ? { 'x-simulate': 'status=503, retry-after=0' } : {},
    })
    const run = await runEvaluation({ set: { ...set, cases: set.cases.slice(0, 2) }, targets, execute })
    expect(run.cells.every((c) => c.passed)).toBe(true)
    expect(sent).toHaveLength(8)
  })

  it('stops (cells in flight end aborted and are not kept) and resumes only the missing cells', async () => {
    const { execute, registry, sent } = executor()
    const controller = new AbortController()
    const stopped = await runEvaluation({
      set,
      targets,
      execute,
      concurrency: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done === 3) controller.abort()
      },
    })
    expect(stopped.status).toBe('stopped')
    expect(stopped.cells).toHaveLength(3)
    expect(registry.active()).toBe(0)
    const before = sent.length
    const resumed = await runEvaluation({ set, targets, execute, resume: stopped })
    expect(resumed.status).toBe('finished')
    expect(sent.length - before).toBe(9)
    expect(resumed.cells.every((c) => c.passed)).toBe(true)
  })

  it('a rubric grader asks the gateway itself, whose simulator gives a deterministic verdict', async () => {
    const { execute, sent } = executor()
    const rubricSet: TestSet = {
      ...set,
      graders: [{ type: 'rubric', rubric: 'Mentions "Atlantis"' }],
      cases: set.cases.slice(0, 1),
    }
    const run = await runEvaluation({
      set: rubricSet,
      targets: targets.slice(0, 1),
      execute,
      graderTarget: targets[1],
    })
    expect(run.cells[0]?.graders[0]).toMatchObject({ type: 'rubric', passed: false })
    expect(run.cells[0]?.graders[0]?.reason).toContain(String.raw`The output lacks \"Atlantis\"`)
    // The cell's request and the grading request, the latter in the grader target's dialect.
    expect(sent.map((url) => new URL(url).pathname)).toEqual(['/v1/chat/completions', '/v1/messages'])
  })
})
