import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseWellFormedXml } from '@test/support/well-formed-xml'
import { compareRuns } from './compare-runs'
import type { CellResult, EvalRun } from './eval-run-types'
import { EVAL_RESULTS_FORMAT, parseRunJson, runToJson } from './export-json'
import { runToJunitXml } from './export-junit'
import { mergeShardRuns } from './merge-shards'
import { runTotals, totalsForTarget } from './run-totals'
import { shardCases } from './shard'

const cell = (over: Partial<CellResult>): CellResult => ({
  caseId: 'c1',
  targetId: 't1',
  state: 'completed',
  output: 'out',
  toolCalls: [],
  graders: [],
  passed: true,
  finishedAt: 0,
  ...over,
})
const run = (cells: CellResult[], over: Partial<EvalRun> = {}): EvalRun => ({
  id: 'r',
  setName: 'set',
  startedAt: 0,
  status: 'finished',
  targets: [{ id: 't1', connection: 'local', model: 'm', dialect: 'openai-chat' }],
  caseIds: [...new Set(cells.map((c) => c.caseId))],
  cells,
  ...over,
})

describe('totals', () => {
  it('pass rate, latency and an exact points sum per target', () => {
    const totals = totalsForTarget(
      run([
        cell({
          caseId: 'a',
          totalMs: 100,
          points: '0.1',
          reasoningTokens: 800,
          usage: { inputTokens: 2000, outputTokens: 900, cacheReadTokens: 1536, reasoningTokens: 800 },
        }),
        cell({ caseId: 'b', totalMs: 300, points: '0.2', passed: false, reasoningTokens: 120 }),
        cell({
          caseId: 'c',
          totalMs: 200,
          usage: { inputTokens: 2000, outputTokens: 9, cacheReadTokens: 1024 },
        }),
        cell({ caseId: 'd', targetId: 'other', totalMs: 9999, points: '5' }),
      ]),
      't1',
    )
    expect(totals).toMatchObject({
      cells: 3,
      passed: 2,
      failed: 1,
      p50TotalMs: 200,
      p95TotalMs: 300,
      points: '0.3',
      cellsWithoutPoints: 1,
      reasoningTokens: 920,
      cacheReadTokens: 2560,
    })
    expect(totals.passRate).toBeCloseTo(2 / 3)
  })

  it('counts manual reviews apart: a reviewed fail never turns a passed cell into a failed one', () => {
    const totals = totalsForTarget(
      run([
        cell({ caseId: 'a', review: { verdict: 'fail', comment: 'rude', at: 1 } }),
        cell({ caseId: 'b', passed: false, review: { verdict: 'pass', at: 2 } }),
        cell({ caseId: 'c' }),
      ]),
      't1',
    )
    expect(totals).toMatchObject({ passed: 2, failed: 1, reviewedPass: 1, reviewedFail: 1 })
  })
})

describe('compareRuns', () => {
  it('finds regressions (passed before, fails now) and fixes, matching cells by case and target', () => {
    const before = run([
      cell({ caseId: 'a' }),
      cell({ caseId: 'b', passed: false }),
      cell({ caseId: 'c' }),
      cell({ caseId: 'gone' }),
    ])
    const after = run([
      cell({ caseId: 'a', passed: false }),
      cell({ caseId: 'b' }),
      cell({ caseId: 'c' }),
      cell({ caseId: 'new' }),
    ])
    const comparison = compareRuns(before, after)
    expect(comparison.regressions.map((r) => r.caseId)).toEqual(['a'])
    expect(comparison.fixes.map((r) => r.caseId)).toEqual(['b'])
    expect(comparison).toMatchObject({ unchanged: 1, added: 1, removed: 1 })
  })
})

describe('exports', () => {
  it('the JSON written piece by piece is the file JSON.stringify writes, whatever the run holds', () => {
    const text = fc.string({ maxLength: 12 })
    const anyCell = fc.record({
      caseId: fc.constantFrom('a', 'b', 'c'),
      targetId: fc.constantFrom('t1', 't2'),
      output: text,
      passed: fc.boolean(),
      totalMs: fc.option(fc.nat(5000), { nil: undefined }),
      points: fc.option(fc.constantFrom('0.1', '0.25'), { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.array(anyCell, { maxLength: 6 }), fc.boolean(), text, (cells, compared, setName) => {
        const shaped = cells.map(({ totalMs, points, ...rest }) =>
          cell({
            ...rest,
            ...(totalMs === undefined ? {} : { totalMs }),
            ...(points === undefined ? {} : { points }),
          }),
        )
        const r = run(shaped, {
          setName,
          targets: ['t1', 't2'].map((id) => ({
            id,
            connection: 'local',
            model: 'm',
            dialect: 'openai-chat' as const,
          })),
        })
        const previous = compared ? run(shaped.slice(1).map((c) => ({ ...c, passed: !c.passed }))) : undefined
        const file: Record<string, unknown> = {
          format: EVAL_RESULTS_FORMAT,
          version: 1,
          run: r,
          totals: runTotals(r),
        }
        if (previous !== undefined) file.comparison = compareRuns(previous, r)
        expect(runToJson(r, previous)).toBe(`${JSON.stringify(file, null, 2)}\n`)
      }),
    )
  })

  it('JSON export re-opens to the same run', () => {
    const original = run([
      cell({
        graders: [{ type: 'contains', label: 'contains "x"', passed: false, reason: 'not found' }],
        passed: false,
      }),
    ])
    expect(parseRunJson(runToJson(original))).toEqual(original)
  })

  it('JUnit XML is well formed and carries ids, reasons and outputs intact, whatever characters they hold', () => {
    // Any text, including XML specials, controls and lone surrogates: the document must parse and
    // every attribute read back must equal the text with only XML-forbidden characters replaced.
    const anyText = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          '<',
          '>',
          '&',
          '"',
          "'",
          '\n',
          '\r',
          '\t',
          '\u0000',
          '\u001b',
          '\ud800',
          ']]>',
          '\u0085',
          '\u2028',
        ),
        fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
        fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
      ),
      maxLength: 30,
    })
    const forbidden =
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
    fc.assert(
      fc.property(anyText, anyText, anyText, (caseId, reason, output) => {
        const r = run([
          cell({
            caseId,
            output,
            passed: false,
            graders: [{ type: 'regex', label: 'L', passed: false, reason }],
          }),
        ])
        const doc = parseWellFormedXml(runToJunitXml(r))
        const testcase = doc.getElementsByTagName('testcase')[0]
        expect(testcase?.getAttribute('name')).toBe(caseId.replace(forbidden, '\uFFFD'))
        const failure = doc.getElementsByTagName('failure')[0]
        expect(failure?.getAttribute('message')).toBe(`L: ${reason.replace(forbidden, '\uFFFD')}`)
        expect(doc.getElementsByTagName('system-out')[0]?.textContent).toBe(
          output.replace(forbidden, '\uFFFD'),
        )
      }),
    )
  })

  it('JUnit counts failures, errors and skipped cells per target', () => {
    const r = run(
      [
        cell({ caseId: 'a' }),
        cell({ caseId: 'b', state: 'timeout', passed: false, error: 'no reply in 60 s' }),
      ],
      { caseIds: ['a', 'b', 'c'], status: 'stopped' },
    )
    const suite = parseWellFormedXml(runToJunitXml(r)).getElementsByTagName('testsuite')[0]
    expect([
      suite?.getAttribute('tests'),
      suite?.getAttribute('errors'),
      suite?.getAttribute('skipped'),
    ]).toEqual(['3', '1', '1'])
  })
})

describe('mergeShardRuns', () => {
  const targets = [{ id: 't1', connection: 'local', model: 'm', dialect: 'openai-chat' as const }]
  const caseIds = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
  const whole = run(
    caseIds.map((caseId, k) => cell({ caseId, passed: k % 3 !== 0, totalMs: 10 * k })),
    { targets },
  )
  const part = (index: number, count: number): EvalRun => {
    const ids = shardCases(caseIds, { index, count })
    return {
      ...whole,
      id: `p${index}`,
      shard: { index, count },
      caseIds: ids,
      cells: whole.cells.filter((c) => ids.includes(c.caseId)),
    }
  }

  it('the parts of a sharded run merge into the run itself: its cases in order, its totals', () => {
    const parts = [3, 1, 2].map((i) => ({ file: `part-${i}.json`, run: part(i, 3) }))
    const merged = mergeShardRuns(parts)
    expect(merged.caseIds).toEqual(caseIds)
    expect(merged.cells).toEqual(whole.cells)
    expect(runTotals(merged)).toEqual(runTotals(whole))
    expect(merged.status).toBe('finished')
  })

  it('refuses a missing shard, a shard twice, and parts of another run', () => {
    const p = (i: number) => ({ file: `part-${i}.json`, run: part(i, 3) })
    expect(() => mergeShardRuns([p(1), p(3)])).toThrow('shard 2 of 3 is missing')
    expect(() => mergeShardRuns([p(1), p(1), p(2), p(3)])).toThrow('given twice')
    const other = { file: 'x.json', run: { ...part(2, 3), setName: 'other' } }
    expect(() => mergeShardRuns([p(1), other, p(3)])).toThrow('another set')
    expect(() => mergeShardRuns([{ file: 'u.json', run: whole }])).toThrow('not shard')
  })

  it('a part that stopped makes the merged run stopped', () => {
    const parts = [1, 2].map((i) => ({ file: `${i}`, run: part(i, 2) }))
    const first = parts[0] as { file: string; run: EvalRun }
    first.run = { ...first.run, status: 'stopped' }
    expect(mergeShardRuns(parts).status).toBe('stopped')
  })
})
