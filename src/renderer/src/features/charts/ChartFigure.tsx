import { useId, useState } from 'react'
import './charts.css'

/**
 * A chart with its title and a switch to the same figures as a table (for screen readers, copying,
 * and reading exact values). The chart is not drawn while the table shows.
 */
export function ChartFigure({
  title,
  chart,
  table,
  note,
  legend,
  className,
}: {
  title: string
  chart: React.ReactNode
  table: React.ReactNode
  note?: React.ReactNode
  legend?: React.ReactNode
  className?: string
}): React.JSX.Element {
  const [asTable, setAsTable] = useState(false)
  const captionId = useId()
  return (
    <figure className={`chart-figure ${className ?? ''}`} aria-labelledby={captionId}>
      <div className="chart-head">
        <figcaption id={captionId}>{title}</figcaption>
        <button
          type="button"
          className="chart-toggle"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          Table
        </button>
      </div>
      {asTable ? <div className="chart-table-wrap">{table}</div> : chart}
      {!asTable && legend}
      {note && <p className="chart-note">{note}</p>}
    </figure>
  )
}

/** A table of a chart's figures: a header row, then rows whose first cell names the row. */
export function ChartTable({
  label,
  head,
  rows,
}: {
  label: string
  head: readonly string[]
  rows: ReadonlyArray<readonly React.ReactNode[]>
}): React.JSX.Element {
  return (
    <table className="chart-table" aria-label={label}>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) =>
              column === 0 ? (
                <th key={column} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={column}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Colour swatches with names, for a chart whose series are not obvious from the axes. */
export function ChartLegend({
  items,
  label = 'Legend',
}: {
  items: ReadonlyArray<{ name: string; color: string; dashed?: boolean }>
  label?: string
}): React.JSX.Element {
  return (
    <ul className="chart-legend" aria-label={label}>
      {items.map((item) => (
        <li key={item.name}>
          <span
            className={`chart-swatch ${item.dashed ? 'chart-swatch-dashed' : ''}`}
            style={{ background: item.dashed ? undefined : item.color, borderColor: item.color }}
            aria-hidden="true"
          />
          {item.name}
        </li>
      ))}
    </ul>
  )
}
