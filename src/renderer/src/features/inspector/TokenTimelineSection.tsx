import { useMemo } from 'react'
import { Disclosure } from '@renderer/components/Disclosure'
import { useThrottledValue } from '@renderer/components/use-throttled-value'
import { ChartFigure, ChartLegend } from '@renderer/features/charts/ChartFigure'
import { useChartColors } from '@renderer/features/charts/chart-colors'
import { timelineOfRun } from '@renderer/features/charts/timeline/run-timeline'
import { TimelineTable } from '@renderer/features/charts/timeline/TimelineTable'
import { TokenTimelineChart } from '@renderer/features/charts/timeline/TokenTimelineChart'
import { formatDuration } from '@renderer/features/chat/format-reply'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { STALL_MS } from '@shared/runs/reply-timeline'

/** While a reply streams, the timeline is redrawn this often (the raw events list takes every frame). */
const REFRESH_MS = 250

/** How the reply's tokens arrived: time to first token, thinking and text phases, stalls. */
export function TokenTimelineSection({ run }: { run: LiveRun }): React.JSX.Element {
  const streaming = run.state === 'starting' || run.state === 'running'
  const shownRun = useThrottledValue(run, REFRESH_MS, !streaming)
  const timeline = timelineOfRun(shownRun)
  const lines = useMemo(() => [{ name: 'tokens', timeline }], [timeline])
  const colors = useChartColors()
  const summary =
    timeline.ttftMs === undefined
      ? 'No reply text yet'
      : `${timeline.tokens} tokens · TTFT ${formatDuration(timeline.ttftMs)} · ${timeline.stalls.length} stall${timeline.stalls.length === 1 ? '' : 's'}`
  return (
    <Disclosure summary={`Token timeline (${summary})`} defaultOpen>
      <ChartFigure
        title="Output tokens over time"
        chart={
          <TokenTimelineChart lines={lines} height={180} label={`Output tokens over time: ${summary}`} />
        }
        legend={
          <ChartLegend
            label="Timeline spans"
            items={[
              { name: 'waiting (TTFT)', color: colors.faint },
              { name: 'thinking', color: colors.kinds.reasoning },
              { name: 'text', color: colors.kinds.output },
              { name: 'tool call', color: colors.warning },
              { name: `stall ≥ ${STALL_MS} ms`, color: colors.fail },
            ]}
          />
        }
        note={
          run.rawEventsTruncated
            ? 'Later events were not kept: the timeline ends where the raw events do.'
            : 'Tokens per event are the reply’s output tokens spread over its events by their characters.'
        }
        table={<TimelineTable timeline={timeline} />}
      />
    </Disclosure>
  )
}
