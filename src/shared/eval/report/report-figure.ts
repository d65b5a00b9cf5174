import { escapeHtml } from './escape-html'

/** One chart of the report: its title, the drawing and the same figures as a table. */
export type ReportChart = { id: string; title: string; svg: string; table: ReportTable; note?: string }

export type ReportTable = { head: string[]; rows: string[][] }

/** A table of plain-text cells (escaped here). */
export function tableHtml(table: ReportTable, label: string): string {
  const head = table.head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')
  const rows = table.rows
    .map(
      (row) =>
        `<tr>${row.map((cell, index) => (index === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`,
    )
    .join('\n')
  return `<table aria-label="${escapeHtml(label)}"><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`
}

/** A chart as a figure: title, drawing, an optional note, and its table behind a disclosure. */
export function figureHtml(chart: ReportChart): string {
  const note = chart.note === undefined ? '' : `<p class="note">${escapeHtml(chart.note)}</p>`
  return `<figure class="chart" id="${chart.id}" aria-label="${escapeHtml(chart.title)}">
<figcaption>${escapeHtml(chart.title)}</figcaption>
${chart.svg}${note}
<details><summary>Table</summary>${tableHtml(chart.table, `${chart.title}: table`)}</details>
</figure>`
}
