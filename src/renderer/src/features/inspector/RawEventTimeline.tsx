import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef, useState } from 'react'
import type { RawSseEvent } from '@shared/runs/run-types'
import { eventGist } from './event-gist'
import { prettyBody } from './inspector-selectors'

/** Above this many events the list is virtualized (a long reply has thousands). */
const VIRTUALIZE_ABOVE = 200
const ROW_PX = 36
/** A pause this long between two events is marked as a gap. */
const GAP_MS = 200
const MAX_TICKS = 400

type Row = { index: number; event: RawSseEvent; deltaMs: number }

/**
 * Every raw SSE event with its arrival time (ms since the request was sent) and the pause before
 * it; a strip on top places them on one time axis so stalls show as empty stretches.
 */
export function RawEventTimeline({ events }: { events: RawSseEvent[] }): React.JSX.Element {
  const [selected, setSelected] = useState<number | null>(null)
  const rows = useMemo<Row[]>(
    () =>
      events.map((event, index) => ({ index, event, deltaMs: event.atMs - (events[index - 1]?.atMs ?? 0) })),
    [events],
  )
  if (events.length === 0) return <p className="inspector-muted">No events yet.</p>
  const chosen = selected === null ? undefined : rows[selected]
  return (
    <div className="timeline">
      <TimelineStrip events={events} />
      <div className="timeline-legend">
        <span>ms since request · pause before · event, then what it carries (click: its JSON)</span>
      </div>
      {rows.length > VIRTUALIZE_ABOVE ? (
        <VirtualRows rows={rows} selected={selected} onSelect={setSelected} />
      ) : (
        <div className="timeline-list" role="list" aria-label="Raw events">
          {rows.map((row) => (
            <EventRow key={row.index} row={row} selected={selected === row.index} onSelect={setSelected} />
          ))}
        </div>
      )}
      {chosen && (
        <div className="timeline-detail">
          <div className="timeline-detail-head">
            #{chosen.index + 1} · {chosen.event.event ?? 'message'} · +{Math.round(chosen.event.atMs)} ms
          </div>
          <pre className="inspector-pre">{prettyBody(chosen.event.data)}</pre>
        </div>
      )}
    </div>
  )
}

function TimelineStrip({ events }: { events: RawSseEvent[] }): React.JSX.Element {
  const total = Math.max(1, events.at(-1)?.atMs ?? 1)
  const step = Math.max(1, Math.ceil(events.length / MAX_TICKS))
  const ticks: RawSseEvent[] = []
  for (let i = 0; i < events.length; i += step) {
    const event = events[i]
    if (event) ticks.push(event)
  }
  return (
    <div className="timeline-axis">
      <div
        className="timeline-strip"
        aria-label={`${events.length} events over ${Math.round(total)} ms`}
        role="img"
      >
        {ticks.map((event, index) => (
          <span key={index} className="timeline-tick" style={{ left: `${(event.atMs / total) * 100}%` }} />
        ))}
      </div>
      <div className="timeline-axis-labels" aria-hidden="true">
        <span>0</span>
        <span>{Math.round(total)} ms</span>
      </div>
    </div>
  )
}

function EventRow({
  row,
  selected,
  onSelect,
  style,
}: {
  row: Row
  selected: boolean
  onSelect: (index: number) => void
  style?: React.CSSProperties
}): React.JSX.Element {
  const gap = row.deltaMs >= GAP_MS
  return (
    <div role="listitem" className="timeline-item" style={style}>
      <button
        type="button"
        className={`timeline-row ${selected ? 'timeline-row-selected' : ''} ${gap ? 'timeline-row-gap' : ''}`}
        aria-pressed={selected}
        onClick={() => onSelect(row.index)}
      >
        <span className="timeline-at">+{Math.round(row.event.atMs)} ms</span>
        <span className="timeline-delta" title="pause before this event (ms)">
          <span
            className="timeline-delta-bar"
            style={{ width: `${Math.min(100, Math.log10(1 + row.deltaMs) * 25)}%` }}
          />
          <span className="timeline-delta-text">{Math.round(row.deltaMs)}</span>
        </span>
        <span className="timeline-event" title={row.event.event ?? 'message'}>
          {row.event.event ?? 'message'}
        </span>
        <span className="timeline-data" title={row.event.data}>
          {eventGist(row.event.data)}
        </span>
      </button>
    </div>
  )
}

function VirtualRows({
  rows,
  selected,
  onSelect,
}: {
  rows: Row[]
  selected: number | null
  onSelect: (index: number) => void
}): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null)
  // No React Compiler in this app; the virtualizer re-renders this component when its range changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  })
  return (
    <div ref={scrollRef} className="timeline-list timeline-list-virtual" role="list" aria-label="Raw events">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]
          if (!row) return null
          return (
            <EventRow
              key={item.key}
              row={row}
              selected={selected === row.index}
              onSelect={onSelect}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_PX,
                transform: `translateY(${item.start}px)`,
              }}
            />
          )
        })}
      </div>
    </div>
  )
}
