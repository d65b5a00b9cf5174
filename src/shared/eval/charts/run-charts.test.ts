import { describe, expect, it } from 'vitest'
import type { CellResult, EvalTarget } from '../run/eval-run-types'
import { changesByTarget } from './changes-chart'
import { latencyDistributions, mergedEcdf } from './latency-chart'
import { passRateBars } from './pass-rate-chart'
import { pointsAgainstPassRate } from './points-chart'
import { setTrend } from './set-trend-chart'
import { tokenMix } from './token-mix-chart'

const target = (id: string): EvalTarget => ({
  id,
  connection: 'local',
  model: `m-${id}`,
  dialect: 'openai-chat',
})
const cell = (over: Partial<CellResult>): CellResult => ({
  caseId: 'c1',
  targetId: 'a',
  state: 'completed',
  output: 'out',
  toolCalls: [],
  graders: [],
  passed: true,
  finishedAt: 0,
  ...over,
})
const targets = [target('a'), target('b')]

describe('passRateBars', () => {
  it('the graders’ rate with its Wilson interval; reviews counted apart and never changing it', () => {
    const cells = [
      cell({ caseId: '1', passed: true, review: { verdict: 'fail', comment: 'wrong city', at: 1 } }),
      cell({ caseId: '2', passed: true }),
      cell({ caseId: '3', passed: false, review: { verdict: 'fail', at: 2 } }),
      cell({ caseId: '4', passed: false }),
      cell({ caseId: '1', targetId: 'b', passed: true }),
    ]
    const [a, b] = passRateBars({ targets, cells })
    expect(a?.graders).toMatchObject({ passed: 2, total: 4, rate: 0.5 })
    expect(a?.graders.low).toBeCloseTo(0.15, 2)
    expect(a?.graders.high).toBeCloseTo(0.85, 2)
    expect(a?.reviews).toMatchObject({ passed: 0, total: 2 })
    expect(a?.disagreements).toBe(1)
    expect(b?.graders).toMatchObject({ passed: 1, total: 1, rate: 1 })
    expect(b?.reviews.total).toBe(0)
  })
})

describe('latencyDistributions and mergedEcdf', () => {
  it('sorted times with nearest-rank p50/p95, cells without the figure left out', () => {
    const cells = [40, 10, 30, 20].map((ms, i) => cell({ caseId: String(i), totalMs: ms }))
    cells.push(cell({ caseId: 'x' }))
    const [a, b] = latencyDistributions({ targets, cells }, 'totalMs')
    expect(a).toMatchObject({ sorted: [10, 20, 30, 40], p50: 20, p95: 40 })
    expect(b?.sorted).toEqual([])
    expect(b?.p50).toBeUndefined()
  })

  it('ECDFs on one axis: the fraction at or below each x; an empty sample is null throughout', () => {
    const { x, y } = mergedEcdf([[1, 3], [2, 3, 3], []])
    expect(x).toEqual([1, 2, 3])
    expect(y).toEqual([
      [0.5, 0.5, 1],
      [0, 1 / 3, 1],
      [null, null, null],
    ])
  })
})

describe('pointsAgainstPassRate', () => {
  it('the frontier holds the targets no other beats on both points and pass rate', () => {
    const three = [target('a'), target('b'), target('c')]
    const cells = [
      cell({ targetId: 'a', points: '0.5', passed: true }),
      cell({ targetId: 'b', points: '1', passed: true }),
      cell({ targetId: 'c', points: '0.2', passed: false }),
    ]
    const entries = pointsAgainstPassRate({ targets: three, cells })
    expect(entries.map((e) => [e.targetId, e.points?.exact, e.onFrontier])).toEqual([
      ['a', '0.5', true],
      ['b', '1', false],
      ['c', '0.2', true],
    ])
  })
})

describe('changesByTarget', () => {
  it('regressions and fixes against the compared run, per target', () => {
    const previous = [
      cell({ caseId: '1', passed: true }),
      cell({ caseId: '2', passed: false }),
      cell({ caseId: '1', targetId: 'b', passed: true }),
    ]
    const cells = [
      cell({ caseId: '1', passed: false }),
      cell({ caseId: '2', passed: true }),
      cell({ caseId: '1', targetId: 'b', passed: false }),
    ]
    expect(changesByTarget({ cells: previous }, { targets, cells })).toEqual([
      { targetId: 'a', name: 'openai-chat · m-a', regressions: 1, fixes: 1 },
      { targetId: 'b', name: 'openai-chat · m-b', regressions: 1, fixes: 0 },
    ])
  })
})

describe('tokenMix', () => {
  it('each kind its own share (cache reads out of input, reasoning out of output); zero where absent', () => {
    const cells = [
      cell({ usage: { inputTokens: 100, outputTokens: 50, cacheReadTokens: 60, reasoningTokens: 20 } }),
      cell({ caseId: '2', usage: { inputTokens: 10, outputTokens: 5 } }),
      cell({ caseId: '3' }),
    ]
    const [a] = tokenMix({ targets, cells })
    expect(a).toMatchObject({ input: 50, cacheRead: 60, reasoning: 20, output: 35, cellsWithUsage: 2 })
    expect(a && a.input + a.cacheRead).toBe(110)
  })
})

describe('setTrend', () => {
  it('oldest first, one line per target seen, null where a run lacked it', () => {
    const trend = setTrend([
      { id: 'r2', startedAt: 20, targets: [{ id: 'a', name: 'A', passed: 3, cells: 4 }] },
      {
        id: 'r1',
        startedAt: 10,
        targets: [
          { id: 'a', name: 'A', passed: 1, cells: 4 },
          { id: 'b', name: 'B', passed: 2, cells: 2 },
        ],
      },
    ])
    expect(trend.runIds).toEqual(['r1', 'r2'])
    expect(trend.targets.map((t) => [t.targetId, t.points.map((p) => p?.rate ?? null)])).toEqual([
      ['a', [0.25, 0.75]],
      ['b', [1, null]],
    ])
  })
})
