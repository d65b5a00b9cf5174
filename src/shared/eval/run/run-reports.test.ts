import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseWellFormedXml } from '@test/support/well-formed-xml'
import { compareRuns } from './compare-runs'
import type { CellResult, EvalRun } from './eval-run-types'
import { parseRunJson, runToJson } from './export-json'
import { runToJunitXml } from './export-junit'
import { totalsForTarget } from './run-totals'

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
