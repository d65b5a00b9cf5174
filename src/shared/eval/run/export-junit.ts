import { graderVerdictLine } from '../graders/grader-result'
import { cellKey, type CellResult, type EvalRun, type EvalTarget } from './eval-run-types'

/**
 * Text for XML 1.0: characters the format cannot hold at all (C0 controls other than tab, LF, CR;
 * lone surrogates; U+FFFE/U+FFFF) become U+FFFD, then the five special characters are escaped, so
 * any model output or grader reason can go in an attribute or text node and read back the same.
 */
function escapeXml(text: string, attribute = false): string {
  const clean = text.replace(
    // eslint-disable-next-line no-control-regex -- these are exactly the characters XML forbids
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  )
  const escaped = clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
  // Parsers normalise line ends (CR, CRLF, and in some parsers NEL and LINE SEPARATOR, as XML 1.1
  // does) and, in attributes, also LF and tab to spaces; character references are kept as written.
  const lineEnds = escaped
    .replace(/\r/g, '&#13;')
    .replace(/\u0085/g, '&#133;')
    .replace(/\u2028/g, '&#8232;')
  return attribute ? lineEnds.replace(/\n/g, '&#10;').replace(/\t/g, '&#9;') : lineEnds
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3)
/** Output in JUnit's system-out: enough to see what failed, not the whole reply of a long case. */
const SYSTEM_OUT_CHARS = 4_000

export function junitTestCase(cell: CellResult | undefined, caseId: string, targetId: string): string {
  const open = `    <testcase name="${escapeXml(caseId, true)}" classname="${escapeXml(targetId, true)}" time="${seconds(cell?.totalMs)}">`
  if (cell === undefined)
    return `${open}\n      <skipped message="not run (the run was stopped)"/>\n    </testcase>`
  const lines = [open]
  const failedGraders = cell.graders.filter((g) => !g.passed && g.skipped !== true)
  if (cell.state !== 'completed') {
    const message = `request ${cell.state}: ${cell.error ?? ''}`
    lines.push(`      <error message="${escapeXml(message, true)}" type="${escapeXml(cell.state, true)}"/>`)
  }
  if (failedGraders.length > 0) {
    const message = failedGraders.map(graderVerdictLine).join('; ')
    const body = failedGraders.map((g) => `${g.label}\n  ${g.reason}`).join('\n')
    lines.push(
      `      <failure message="${escapeXml(message, true)}" type="grader">${escapeXml(body)}</failure>`,
    )
  }
  const out =
    cell.output.length > SYSTEM_OUT_CHARS ? `${cell.output.slice(0, SYSTEM_OUT_CHARS)}…` : cell.output
  lines.push(`      <system-out>${escapeXml(out)}</system-out>`, '    </testcase>')
  return lines.join('\n')
}

/** What a testsuite's opening tag counts, summed as the cells pass. */
type JunitSuiteCounts = { failures: number; errors: number; present: number; timeMs: number }

export function createJunitCounts(): JunitSuiteCounts {
  return { failures: 0, errors: 0, present: 0, timeMs: 0 }
}

export function countJunitCell(counts: JunitSuiteCounts, cell: CellResult): void {
  counts.present++
  if (cell.graders.some((g) => !g.passed && g.skipped !== true)) counts.failures++
  if (cell.state !== 'completed') counts.errors++
  counts.timeMs += cell.totalMs ?? 0
}

type JunitRun = Pick<EvalRun, 'setName' | 'targets' | 'caseIds'>

export function junitOpening(run: Pick<EvalRun, 'setName'>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escapeXml(run.setName, true)}">\n`
}

export const JUNIT_CLOSING = '</testsuites>\n'

/** A target's testsuite tag: one testcase per case of the run, `skipped` for those without a cell. */
export function junitSuiteOpening(run: JunitRun, target: EvalTarget, counts: JunitSuiteCounts): string {
  const name = `${run.setName} · ${target.label ?? target.id}`
  const skipped = run.caseIds.length - counts.present
  return `  <testsuite name="${escapeXml(name, true)}" tests="${run.caseIds.length}" failures="${counts.failures}" errors="${counts.errors}" skipped="${skipped}" time="${seconds(counts.timeMs)}">\n`
}

export const JUNIT_SUITE_CLOSING = '  </testsuite>\n'

/**
 * JUnit XML for CI: one testsuite per target (named by its label or id), one testcase per case;
 * failed graders are a `failure` with their reasons, a request that did not complete an `error`,
 * a cell not run (stopped run) `skipped`. Built from the same pieces the CLI streams a large run with.
 */
export function runToJunitXml(run: Pick<EvalRun, 'setName' | 'targets' | 'caseIds' | 'cells'>): string {
  const cells = new Map(run.cells.map((cell) => [cellKey(cell.caseId, cell.targetId), cell]))
  const parts = [junitOpening(run)]
  for (const target of run.targets) {
    const own = run.caseIds.map((caseId) => ({ caseId, cell: cells.get(cellKey(caseId, target.id)) }))
    const counts = createJunitCounts()
    for (const { cell } of own) if (cell !== undefined) countJunitCell(counts, cell)
    parts.push(junitSuiteOpening(run, target, counts))
    for (const { caseId, cell } of own) parts.push(`${junitTestCase(cell, caseId, target.id)}\n`)
    parts.push(JUNIT_SUITE_CLOSING)
  }
  parts.push(JUNIT_CLOSING)
  return parts.join('')
}
