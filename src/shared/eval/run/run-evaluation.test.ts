import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../chat/chat-request'
import { TemplateError } from '../../templates/template'
import type { TestSet } from '../test-set-schema'
import { runInMemory as runEvaluation } from '@test/support/run-in-memory'
import type { EvalTarget } from './eval-run-types'
import { runEvaluation as runStreaming, type CellReply, type ExecuteCell } from './run-evaluation'
import { shardCases } from './shard'

const set: TestSet = {
  format: 'model-gateway-test-set',
  version: 1,
  name: 'capitals',
  prompt: {
    system: 'One word.',
    messages: [{ role: 'user', content: 'Capital of {{country}}?' }],
    params: { temperature: 0 },
  },
  graders: [{ type: 'contains', value: 'capital' }],
  cases: [
    { id: 'no', vars: { country: 'Norway' }, graders: [{ type: 'contains', value: 'Norway' }] },
    { id: 'fr', vars: { country: 'France' }, graders: [{ type: 'contains', value: 'Paris' }] },
    { id: 'it', vars: { country: 'Italy' } },
    { id: 'es', vars: { country: 'Spain' } },
  ],
}
const targets: EvalTarget[] = [
  { id: 'a', connection: 'local', model: 'm1', dialect: 'openai-chat' },
  {
    id: 'b',
    connection: 'local',
    model: 'm2',
    dialect: 'anthropic-messages',
    params: { temperature: 0.5, stream: false },
  },
]

/** Echoes the last user text, after a macrotask (so cells overlap); counts what it was asked. */
function echoExecutor() {
  const calls: Array<{ target: EvalTarget; request: ChatRequest }> = []
  let inFlight = 0
  let maxInFlight = 0
  const execute: ExecuteCell = async ({ target, request }) => {
    calls.push({ target, request })
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    await new Promise((resolve) => setTimeout(resolve, 1))
    inFlight--
    const last = request.messages[request.messages.length - 1]
    const text = last?.role === 'user' && last.content[0]?.type === 'text' ? last.content[0].text : ''
    const reply: CellReply = {
      state: 'completed',
      result: {
        status: 'completed',
        content: [{ type: 'text', text: `You asked: ${text}` }],
        finish: { unified: 'stop', raw: 'stop' },
      },
      metrics: {
        startedAt: 0,
        ttftMs: 10,
        totalMs: 20,
        outputTokens: 3,
        outputTokensEstimated: false,
        points: '0.001',
      },
    }
    return reply
  }
  return { execute, calls, maxInFlight: () => maxInFlight }
}

describe('runEvaluation', () => {
  it('runs every case × target with the filled prompt and the target preset, grading each cell', async () => {
    const { execute, calls } = echoExecutor()
    const run = await runEvaluation({ set, targets, execute, concurrency: 3 })
    expect(run.status).toBe('finished')
    expect(run.cells).toHaveLength(8)
    const b = calls.find((c) => c.target.id === 'b')?.request
    expect(b).toMatchObject({ model: 'm2', system: 'One word.', temperature: 0.5, stream: false })
    expect(calls.find((c) => c.target.id === 'a')?.request).toMatchObject({
      temperature: 0,
      stream: true,
      includeUsage: true,
    })
    const fr = run.cells.find((c) => c.caseId === 'fr' && c.targetId === 'a')
    expect(fr?.passed).toBe(false)
    expect(fr?.graders.map((g) => [g.label, g.passed])).toEqual([
      ['contains "capital"', false],
      ['contains "Paris"', false],
    ])
    // "Capital" is capitalised in the prompt: the set grader is case-sensitive and fails everywhere.
    expect(run.cells.every((c) => !c.passed)).toBe(true)
  })

  it('never has more cells in flight than the concurrency', async () => {
    const { execute, maxInFlight } = echoExecutor()
    await runEvaluation({ set, targets, execute, concurrency: 2 })
    expect(maxInFlight()).toBe(2)
  })

  it('reports progress after every cell, ending at done = total, with an ETA once a cell is done', async () => {
    const { execute } = echoExecutor()
    const seen: Array<{ done: number; etaMs?: number }> = []
    await runEvaluation({
      set,
      targets,
      execute,
      onProgress: (p) => seen.push({ done: p.done, etaMs: p.etaMs }),
    })
    expect(seen.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(seen[0]?.etaMs).toBeUndefined()
    expect(seen.slice(1).every((p) => p.etaMs !== undefined && p.etaMs >= 0)).toBe(true)
    expect(seen[8]?.etaMs).toBe(0)
  })

  it('stops without recording cells in flight, and a resume runs only what is missing', async () => {
    const { execute, calls } = echoExecutor()
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
    const before = calls.length
    const resumed = await runEvaluation({ set, targets, execute, resume: stopped })
    expect(resumed.status).toBe('finished')
    expect(resumed.id).toBe(stopped.id)
    expect(calls.length - before).toBe(5)
    const keys = resumed.cells.map((c) => `${c.caseId}/${c.targetId}`)
    expect(new Set(keys).size).toBe(8)
  })

  it('refuses a set whose values do not fit the prompt before sending anything', async () => {
    const { execute, calls } = echoExecutor()
    const bad: TestSet = { ...set, cases: [...set.cases, { id: 'typo', vars: { countr: 'Peru' } }] }
    await expect(runEvaluation({ set: bad, targets, execute })).rejects.toThrow(TemplateError)
    await expect(runEvaluation({ set: bad, targets, execute })).rejects.toThrow(
      'Case "typo" has no value for {{country}} and has values the prompt does not use: countr',
    )
    expect(calls).toHaveLength(0)
    // Extra columns (notes) may be allowed; a missing value never is.
    const notes: TestSet = { ...set, cases: [{ id: 'n', vars: { country: 'Peru', note: 'x' } }] }
    const run = await runEvaluation({ set: notes, targets, execute, allowUnusedVariables: true })
    expect(run.cells).toHaveLength(2)
    await expect(runEvaluation({ set: bad, targets, execute, allowUnusedVariables: true })).rejects.toThrow(
      'Case "typo" has no value for {{country}} (the prompt uses {{country}}).',
    )
  })

  it('a request that fails is a failed cell that says why, and rubric graders use the grader target', async () => {
    const judged: EvalTarget[] = []
    const execute: ExecuteCell = async ({ target, request }) => {
      if (request.system?.startsWith('You grade')) {
        judged.push(target)
        return {
          state: 'completed',
          result: { status: 'completed', content: [{ type: 'text', text: 'Fine.\nVERDICT: PASS' }] },
        }
      }
      if (target.id === 'b')
        return {
          state: 'network_error',
          result: { status: 'incomplete', content: [] },
          message: 'connection refused',
        }
      return { state: 'completed', result: { status: 'completed', content: [{ type: 'text', text: 'ok' }] } }
    }
    const rubricSet: TestSet = {
      ...set,
      graders: [{ type: 'rubric', rubric: 'Is it ok?', dialect: 'anthropic-messages' }],
      cases: [set.cases[0]!],
    }
    const run = await runEvaluation({
      set: { ...rubricSet, cases: [{ id: 'no', vars: { country: 'Norway' } }] },
      targets,
      execute,
      graderTarget: targets[0],
    })
    const [a, b] = run.cells
    expect(a).toMatchObject({ passed: true, state: 'completed' })
    expect(b).toMatchObject({ passed: false, state: 'network_error', error: 'connection refused' })
    expect(judged[0]).toMatchObject({ id: 'a', model: 'm1', dialect: 'anthropic-messages' })
  })

  it('hands each cell to record as it finishes and keeps none; a record that throws stops the run', async () => {
    const { execute, calls } = echoExecutor()
    const recorded: string[] = []
    const head = await runStreaming({
      set,
      targets,
      execute,
      concurrency: 1,
      record: (cell) => {
        recorded.push(`${cell.caseId}/${cell.targetId}`)
      },
    })
    expect(head).not.toHaveProperty('cells')
    expect(recorded).toEqual(['no/a', 'no/b', 'fr/a', 'fr/b', 'it/a', 'it/b', 'es/a', 'es/b'])

    const before = calls.length
    const full = new Error('disk full')
    await expect(
      runStreaming({
        set,
        targets,
        execute,
        concurrency: 1,
        record: () => {
          throw full
        },
      }),
    ).rejects.toBe(full)
    // Nothing new starts once a cell could not be kept.
    expect(calls.length - before).toBe(1)
  })

  it('a shard runs only its cases, and the shards of a run hold every cell exactly once', async () => {
    const { execute } = echoExecutor()
    const whole = await runEvaluation({ set, targets, execute })
    const parts = await Promise.all(
      [1, 2, 3].map((index) => runEvaluation({ set, targets, execute, shard: { index, count: 3 } })),
    )
    expect(parts.map((p) => p.caseIds)).toEqual([['no', 'es'], ['fr'], ['it']])
    expect(parts.map((p) => p.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })))
    const keys = parts.flatMap((p) => p.cells.map((c) => `${c.caseId}/${c.targetId}`)).sort()
    expect(keys).toEqual(whole.cells.map((c) => `${c.caseId}/${c.targetId}`).sort())
  })
})

describe('shardCases', () => {
  it('puts every case in exactly one of n shards, sizes within one, whatever n', () => {
    const cases = Array.from({ length: 23 }, (_, k) => k)
    for (const count of [1, 2, 3, 7, 23, 40]) {
      const shards = Array.from({ length: count }, (_, i) => shardCases(cases, { index: i + 1, count }))
      expect(shards.flat().sort((a, b) => a - b)).toEqual(cases)
      const sizes = shards.map((s) => s.length)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
    expect(() => shardCases(cases, { index: 4, count: 3 })).toThrow(RangeError)
  })
})
