import { useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { StoredMessage } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import { Disclosure } from '@renderer/components/Disclosure'
import { useThrottledValue } from '@renderer/components/use-throttled-value'
import { ChartFigure } from '@renderer/features/charts/ChartFigure'
import { timelineOfRun } from '@renderer/features/charts/timeline/run-timeline'
import { TimelineTable } from '@renderer/features/charts/timeline/TimelineTable'
import { TokenTimelineChart } from '@renderer/features/charts/timeline/TokenTimelineChart'
import { dialectLabel } from '@renderer/features/chat/format-reply'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { selectLabelsHidden } from './blind-votes'

/** While a reply streams, the chart takes new events this often. */
const REFRESH_MS = 250

/** The id of the pane's latest reply: its last message, if that is the assistant's. */
function latestReplyId(messages: readonly StoredMessage[]): string | undefined {
  const last = messages.at(-1)
  return last?.role === 'assistant' ? last.id : undefined
}

/**
 * The panes' latest replies on one token timeline (replies made since the app started: their raw
 * events are kept in memory), so their pace reads side by side: TTFT, speed and stalls. Folded by
 * default: open, it takes height from the panes above.
 */
export function CompareTimeline(): React.JSX.Element | null {
  const runs = useAppStore(
    useShallow((state) =>
      state.conversation.panes.map((pane) => {
        const messageId = latestReplyId(pane.messages)
        const runId = messageId === undefined ? undefined : state.runByMessage[messageId]
        const run = runId === undefined ? undefined : state.runs[runId]
        return run?.paneId === pane.id ? run : undefined
      }),
    ),
  )
  // Blind mode: a line names its pane only until the vote, as the panes do.
  const blind = useAppStore(selectLabelsHidden)
  // Folded (the default), nothing is drawn or computed: a live chart of two long streams redrawn
  // several times a second cost frames of the streams themselves (performance.md R1).
  const [open, setOpen] = useState(false)
  if (runs.filter((run) => run !== undefined).length < 2) return null
  return (
    <section aria-label="Compare token timelines" className="compare-timeline">
      <Disclosure summary="Token timelines of the latest replies" onToggle={setOpen}>
        {open && <TimelinesFigure runs={runs} blind={blind} />}
      </Disclosure>
    </section>
  )
}

/** The replies' timelines as one chart, or as a table per reply. */
function TimelinesFigure({
  runs,
  blind,
}: {
  runs: ReadonlyArray<LiveRun | undefined>
  blind: boolean
}): React.JSX.Element {
  const streaming = runs.some((run) => run?.state === 'starting' || run?.state === 'running')
  const shown = useThrottledValue(runs, REFRESH_MS, !streaming)
  const lines = useMemo(
    () =>
      shown.flatMap((run, index) =>
        run === undefined
          ? []
          : [
              {
                name: blind
                  ? `Pane ${index + 1}`
                  : `Pane ${index + 1}: ${dialectLabel(run.dialect)} · ${run.model}`,
                timeline: timelineOfRun(run),
              },
            ],
      ),
    [shown, blind],
  )
  return (
    <ChartFigure
      title="Output tokens over time, latest replies"
      chart={
        <TokenTimelineChart
          lines={lines}
          height={160}
          label="Output tokens over time of each pane's latest reply"
        />
      }
      table={lines.map((line) => (
        <div key={line.name}>
          <h4 className="chart-table-title">{line.name}</h4>
          <TimelineTable timeline={line.timeline} />
        </div>
      ))}
    />
  )
}
