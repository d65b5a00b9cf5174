import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CellResult, EvalRun } from '../run/eval-run-types'
import { escapeHtml } from './escape-html'
import { REPORT_CSP, writeHtmlReport } from './write-html-report'

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>'

const cell = (over: Partial<CellResult>): CellResult => ({
  caseId: 'c1',
  targetId: 'a',
  state: 'completed',
  output: 'out',
  toolCalls: [],
  graders: [],
  passed: true,
  finishedAt: 0,
  ttftMs: 100,
  totalMs: 400,
  ...over,
})
const run = (cells: CellResult[], over: Partial<EvalRun> = {}): EvalRun => ({
  id: 'r2',
  setName: 'cities',
  startedAt: Date.UTC(2026, 10, 27, 12),
  finishedAt: Date.UTC(2026, 10, 27, 12, 1),
  status: 'finished',
  targets: [
    { id: 'a', connection: 'local', model: 'm1', dialect: 'openai-chat' },
    { id: 'b', connection: 'local', model: 'm2', dialect: 'anthropic-messages', label: HOSTILE },
  ],
  caseIds: ['c1', 'c2'],
  cells,
  ...over,
})

const current = run([
  cell({
    output: HOSTILE,
    graders: [{ type: 'contains', label: 'contains Oslo', passed: false, reason: `missing in ${HOSTILE}` }],
    passed: false,
  }),
  cell({ caseId: 'c2', review: { verdict: 'fail', comment: `bad ${HOSTILE}`, at: 1 } }),
  cell({ targetId: 'b', state: 'provider_error', error: 'HTTP 401', passed: false }),
])
const previous = run([cell({}), cell({ caseId: 'c2' }), cell({ targetId: 'b' })], { id: 'r1' })

describe('writeHtmlReport', () => {
  const html = writeHtmlReport(current, {
    previous,
    trend: [
      { id: 'r1', startedAt: 1, targets: [{ id: 'a', name: 'A', passed: 2, cells: 2 }] },
      { id: 'r2', startedAt: 2, targets: [{ id: 'a', name: 'A', passed: 1, cells: 2 }] },
    ],
  })

  it('model output, labels, reasons and comments are text: the hostile markup appears only escaped', () => {
    expect(html).not.toContain('<img')
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
  })

  it('one file with no network: a CSP that allows nothing but its inline styles, no URL to fetch', () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`)
    expect(REPORT_CSP).toContain("default-src 'none'")
    expect(html).not.toMatch(/\b(src|href)=["']?(https?:|\/\/)/i)
    expect(html).not.toMatch(/@import|url\(/i)
  })

  it('every chart as SVG with its table, the grid with its filters, failure reasons and the review inline', () => {
    for (const id of [
      'chart-pass-rate',
      'chart-ttft',
      'chart-total',
      'chart-points',
      'chart-changes',
      'chart-token-mix',
      'chart-trend',
    ])
      expect(html, id).toMatch(
        new RegExp(`<figure class="chart" id="${id}"[^]*?<svg[^]*?<details><summary>Table`),
      )
    for (const filter of ['f-failed', 'f-differs', 'f-regressed', 'f-reviewed'])
      expect(html).toContain(`id="${filter}"`)
    expect(html).toContain('contains Oslo: missing in &lt;img')
    expect(html).toContain('provider_error: HTTP 401')
    expect(html).toContain('Reviewed: fail — bad &lt;img')
    // The first case regressed on both targets: marked for the regressions filter.
    expect(html).toMatch(/<tr class="case" data-failed( data-differs)? data-regressed/)
  })

  it('no comparison, no changes chart; a single saved run, no trend', () => {
    const alone = writeHtmlReport(current)
    expect(alone).not.toContain('id="chart-changes"')
    expect(alone).not.toContain('id="chart-trend"')
    expect(alone).not.toContain('id="f-regressed"')
  })
})

describe('escapeHtml', () => {
  it('leaves no character that opens markup or ends an attribute, and reads back as written', () => {
    const unescape = (text: string) =>
      text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const escaped = escapeHtml(text)
        expect(escaped).not.toMatch(/[<>"']/)
        expect(unescape(escaped)).toBe(text)
      }),
    )
    expect(escapeHtml('a\u0000b\uD800')).toBe('a\uFFFDb\uFFFD')
  })
})
