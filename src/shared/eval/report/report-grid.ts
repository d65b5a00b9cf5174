import { cellKey, type CellResult, type EvalRun } from '../run/eval-run-types'
import { escapeHtml } from './escape-html'
import { formatCount, formatMs } from './report-format'
import { formatPoints } from '../../catalog/format-points'

/** Output shown per cell: enough to judge a reply; the JSON export keeps all of it. */
const REPORT_OUTPUT_CHARS = 2_000

function cellHtml(cell: CellResult | undefined, regressed: boolean): string {
  if (cell === undefined) return '<td class="cell pending">not run</td>'
  const reasons = [
    ...(cell.error === undefined ? [] : [`${cell.state}: ${cell.error}`]),
    ...(cell.error === undefined && cell.state !== 'completed' ? [`request ${cell.state}`] : []),
    ...cell.graders.filter((g) => !g.passed && g.skipped !== true).map((g) => `${g.label}: ${g.reason}`),
  ]
  const review = cell.review
  const output =
    cell.output.length > REPORT_OUTPUT_CHARS
      ? `${escapeHtml(cell.output.slice(0, REPORT_OUTPUT_CHARS))}<span class="clip">… (${formatCount(cell.output.length)} characters in all)</span>`
      : escapeHtml(cell.output)
  const figures = [
    `TTFT ${formatMs(cell.ttftMs)}`,
    `total ${formatMs(cell.totalMs)}`,
    cell.outputTokens === undefined ? '' : `${formatCount(cell.outputTokens)} tok`,
    cell.points === undefined ? '' : `${escapeHtml(formatPoints(cell.points))} pt`,
  ].filter((f) => f !== '')
  return `<td class="cell ${cell.passed ? 'pass' : 'fail'}"><div class="verdict">${cell.passed ? 'PASS' : 'FAIL'}${regressed ? ' · regression' : ''}</div>${
    review === undefined
      ? ''
      : `<div class="review review-${review.verdict}">Reviewed: ${review.verdict}${review.comment === undefined || review.comment === '' ? '' : ` — ${escapeHtml(review.comment)}`}</div>`
  }${reasons.length === 0 ? '' : `<ul class="reasons">${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`}<pre class="output">${output}</pre><div class="figures">${figures.join(' · ')}</div></td>`
}

/**
 * Cases × targets as a table. Each row says whether it has a failed cell, whether its targets
 * disagree, a regression or a review, so the report's filters (checkboxes and CSS, no script) can
 * hide the others.
 */
export function gridHtml(run: EvalRun, targetNames: readonly string[], previous?: EvalRun): string {
  const cells = new Map(run.cells.map((cell) => [cellKey(cell.caseId, cell.targetId), cell]))
  const before = new Map(previous?.cells.map((cell) => [cellKey(cell.caseId, cell.targetId), cell]) ?? [])
  const rows = run.caseIds.map((caseId) => {
    const row = run.targets.map((target) => cells.get(cellKey(caseId, target.id)))
    const finished = row.filter((cell): cell is CellResult => cell !== undefined)
    const regressed = run.targets.map((target, index) => {
      const old = before.get(cellKey(caseId, target.id))
      return old?.passed === true && row[index]?.passed === false
    })
    const flags = [
      finished.some((cell) => !cell.passed) ? ' data-failed' : '',
      new Set(finished.map((cell) => cell.passed)).size > 1 ? ' data-differs' : '',
      regressed.some(Boolean) ? ' data-regressed' : '',
      finished.some((cell) => cell.review !== undefined) ? ' data-reviewed' : '',
    ].join('')
    return `<tr class="case"${flags}><th scope="row">${escapeHtml(caseId)}</th>${row.map((cell, index) => cellHtml(cell, regressed[index] === true)).join('')}</tr>`
  })
  const head = targetNames
    .map((name, index) => `<th scope="col">T${index + 1} ${escapeHtml(name)}</th>`)
    .join('')
  return `<table class="grid" aria-label="Results grid"><thead><tr><th scope="col">Case</th>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`
}

/**
 * The filters: checkboxes that are the grid's earlier siblings, so CSS alone (`:checked ~`, which
 * every browser has) hides rows.
 */
export function filtersHtml(hasPrevious: boolean): string {
  const boxes = [
    ['f-failed', 'Failed only'],
    ['f-differs', 'Differs between targets'],
    ...(hasPrevious ? [['f-regressed', 'Regressions only']] : []),
    ['f-reviewed', 'Reviewed only'],
  ]
  return boxes
    .map(
      ([id, label]) => `<input type="checkbox" id="${id}" class="filter"><label for="${id}">${label}</label>`,
    )
    .join('\n')
}

/** The CSS that makes the filters work. */
export const FILTER_CSS = `
#f-failed:checked ~ .grid-wrap tr.case:not([data-failed]),
#f-differs:checked ~ .grid-wrap tr.case:not([data-differs]),
#f-regressed:checked ~ .grid-wrap tr.case:not([data-regressed]),
#f-reviewed:checked ~ .grid-wrap tr.case:not([data-reviewed]) { display: none; }`
