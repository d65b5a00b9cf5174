import type uPlot from 'uplot'
import type { ReplyTimeline } from '@shared/runs/reply-timeline'

/**
 * Points per line at most: a chart a few hundred pixels wide shows no more, and a live chart's every
 * redraw costs what it holds (a long reply has an event per token).
 */
const MAX_POINTS_PER_LINE = 1_000

type TimelineEvent = ReplyTimeline['events'][number]

/** Every n-th event and the last: the same step line at the chart's resolution. */
function thinned(events: readonly TimelineEvent[]): readonly TimelineEvent[] {
  if (events.length <= MAX_POINTS_PER_LINE) return events
  const step = Math.ceil(events.length / MAX_POINTS_PER_LINE)
  const kept: TimelineEvent[] = []
  for (let i = step - 1; i < events.length; i += step) kept.push(events[i] as TimelineEvent)
  const last = events[events.length - 1] as TimelineEvent
  if (kept.at(-1) !== last) kept.push(last)
  return kept
}

/**
 * Timelines as uPlot data on one time axis: each starts at (0, 0) and steps up at each of its events;
 * where another timeline has an event and this one has none, it is null (the line spans the gap).
 */
export function timelineData(timelines: readonly ReplyTimeline[]): uPlot.AlignedData {
  const lines = timelines.map((timeline) => thinned(timeline.events))
  const times = new Set<number>([0])
  for (const events of lines) for (const event of events) times.add(event.atMs)
  const x = [...times].sort((a, b) => a - b)
  const column = new Map(x.map((ms, index) => [ms, index]))
  const series = lines.map((events) => {
    const y: Array<number | null> = x.map(() => null)
    y[0] = 0
    for (const event of events) y[column.get(event.atMs) ?? 0] = event.tokens
    return y
  })
  return [x, ...series]
}
