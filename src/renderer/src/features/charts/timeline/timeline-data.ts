import type uPlot from 'uplot'
import type { ReplyTimeline } from '@shared/runs/reply-timeline'

/**
 * Timelines as uPlot data on one time axis: each starts at (0, 0) and steps up at each of its events;
 * where another timeline has an event and this one has none, it is null (the line spans the gap).
 */
export function timelineData(timelines: readonly ReplyTimeline[]): uPlot.AlignedData {
  const times = new Set<number>([0])
  for (const timeline of timelines) for (const event of timeline.events) times.add(event.atMs)
  const x = [...times].sort((a, b) => a - b)
  const column = new Map(x.map((ms, index) => [ms, index]))
  const series = timelines.map((timeline) => {
    const y: Array<number | null> = x.map(() => null)
    y[0] = 0
    for (const event of timeline.events) y[column.get(event.atMs) ?? 0] = event.tokens
    return y
  })
  return [x, ...series]
}
