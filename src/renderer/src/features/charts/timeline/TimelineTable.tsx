import type { ReplyTimeline } from '@shared/runs/reply-timeline'
import { ChartTable } from '@renderer/features/charts/ChartFigure'

/** Rows of the per-event table: enough to read a reply's pace; the raw events list has them all. */
const MAX_EVENT_ROWS = 1_000

const PHASE_NAME = { reasoning: 'thinking', text: 'text', tool: 'tool call' } as const
const ms = (value: number) => `${Math.round(value)} ms`

/** A timeline as tables: its phases and stalls, then each event that carried part of the reply. */
export function TimelineTable({ timeline }: { timeline: ReplyTimeline }): React.JSX.Element {
  const shown = timeline.events.slice(0, MAX_EVENT_ROWS)
  return (
    <>
      <ChartTable
        label="Phases and stalls"
        head={['Span', 'From', 'To', 'Tokens']}
        rows={[
          [
            'waiting for the first token',
            ms(0),
            timeline.ttftMs === undefined ? '–' : ms(timeline.ttftMs),
            '0',
          ],
          ...timeline.phases.map((phase) => [
            PHASE_NAME[phase.phase],
            ms(phase.fromMs),
            ms(phase.toMs),
            String(phase.tokens),
          ]),
          ...timeline.stalls.map((stall) => [
            `stall of ${ms(stall.toMs - stall.fromMs)}`,
            ms(stall.fromMs),
            ms(stall.toMs),
            '0',
          ]),
        ]}
      />
      <ChartTable
        label="Token timeline events"
        head={['Event', 'Since request', 'Kind', 'Characters', 'Tokens so far']}
        rows={shown.map((event) => [
          `#${event.index + 1}`,
          `+${Math.round(event.atMs)} ms`,
          PHASE_NAME[event.phase],
          String(event.chars),
          String(event.tokens),
        ])}
      />
      {timeline.events.length > shown.length && (
        <p className="chart-note">
          The first {MAX_EVENT_ROWS} of {timeline.events.length} events; the raw events list below has them
          all.
        </p>
      )}
    </>
  )
}
