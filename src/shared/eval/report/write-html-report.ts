import { changesByTarget } from '../charts/changes-chart'
import { latencyDistributions } from '../charts/latency-chart'
import { passRateBars } from '../charts/pass-rate-chart'
import { pointsAgainstPassRate } from '../charts/points-chart'
import { setTrend, type TrendRun } from '../charts/set-trend-chart'
import { targetName } from '../charts/target-name'
import { tokenMix } from '../charts/token-mix-chart'
import type { EvalRun } from '../run/eval-run-types'
import { runTotals } from '../run/run-totals'
import { changesChart, latencyChart, tokenMixChart } from './count-charts'
import { escapeHtml } from './escape-html'
import { passRateChart, pointsChart, trendChart } from './rate-charts'
import { figureHtml, tableHtml, type ReportChart } from './report-figure'
import { formatPercent } from '../charts/chart-format'
import { formatMs, formatTime } from './report-format'
import { filtersHtml, gridHtml } from './report-grid'
import { REPORT_CSS } from './report-style'
import { formatPoints } from '../../catalog/format-points'

export type HtmlReportOptions = {
  /** The run this one is compared with: regressions and fixes (chart, grid marks, filter). */
  previous?: EvalRun
  /** Saved runs of the same set, this one included or not: the pass-rate trend (two or more). */
  trend?: readonly TrendRun[]
}

/**
 * No network and no script: the file's own styles are all it may load. Model output is escaped text
 * anyway; the policy is the second wall (security.md: a report is opened by people who did not write
 * what it quotes).
 */
export const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

function totalsTable(run: EvalRun, names: readonly string[]): string {
  const totals = runTotals(run)
  const bars = passRateBars(run)
  return tableHtml(
    {
      head: [
        'Target',
        'Passed',
        'Pass rate',
        'p50 / p95 total',
        'p50 TTFT',
        'Points',
        'Reviewed (pass/fail)',
      ],
      rows: totals.map((t, index) => {
        const reviews = bars[index]?.reviews
        return [
          `T${index + 1} ${names[index] ?? t.targetId}`,
          `${t.passed}/${t.cells}`,
          formatPercent(t.passRate),
          `${formatMs(t.p50TotalMs)} / ${formatMs(t.p95TotalMs)}`,
          formatMs(t.p50TtftMs),
          formatPoints(t.points),
          reviews === undefined || reviews.total === 0
            ? '–'
            : `${reviews.passed}/${reviews.total - reviews.passed}`,
        ]
      }),
    },
    'Totals per target',
  )
}

function charts(run: EvalRun, options: HtmlReportOptions): ReportChart[] {
  const list = [
    passRateChart(passRateBars(run)),
    latencyChart('chart-ttft', 'Time to first token per target', latencyDistributions(run, 'ttftMs')),
    latencyChart('chart-total', 'Total time per target', latencyDistributions(run, 'totalMs')),
    pointsChart(pointsAgainstPassRate(run)),
  ]
  if (options.previous !== undefined)
    list.push(changesChart(changesByTarget(options.previous, run), formatTime(options.previous.startedAt)))
  list.push(tokenMixChart(tokenMix(run)))
  if (options.trend !== undefined && options.trend.length >= 2) {
    const order = new Map(run.targets.map((target, index) => [target.id, index]))
    const trend = setTrend(options.trend)
    const extra = new Map(
      trend.targets.filter((t) => !order.has(t.targetId)).map((t, i) => [t.targetId, run.targets.length + i]),
    )
    list.push(trendChart(trend, (id) => order.get(id) ?? extra.get(id) ?? 0))
  }
  return list
}

/**
 * The shareable report of a run: one HTML file with no network and no script — the charts as SVG
 * (each with its table), totals, and the grid with its filters and failure reasons inline. Pure: the
 * run in, the file's text out (the app's Export HTML and the CLI's `--html` write it).
 */
export function writeHtmlReport(run: EvalRun, options: HtmlReportOptions = {}): string {
  const names = run.targets.map(targetName)
  const legend = names
    .map((name, index) => `<li style="--swatch: var(--c${index % 8})">T${index + 1} ${escapeHtml(name)}</li>`)
    .join('')
  const finished = run.finishedAt === undefined ? '' : `, finished ${formatTime(run.finishedAt)}`
  const passed = run.cells.filter((cell) => cell.passed).length
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(run.setName)} · evaluation report</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1>${escapeHtml(run.setName)}</h1>
<p class="meta">Run ${escapeHtml(run.id)} · ${run.status} · started ${formatTime(run.startedAt)}${finished} · ${passed}/${run.caseIds.length * run.targets.length} cells passed</p>
<ul class="legend" aria-label="Targets">${legend}</ul>
</header>
<main>
<h2>Totals</h2>
${totalsTable(run, names)}
<h2>Charts</h2>
<div class="charts">
${charts(run, options).map(figureHtml).join('\n')}
</div>
<h2>Results</h2>
<section class="results" aria-label="Results">
${filtersHtml(options.previous !== undefined)}
<div class="grid-wrap">
${gridHtml(run, names, options.previous)}
</div>
</section>
</main>
</body>
</html>
`
}
