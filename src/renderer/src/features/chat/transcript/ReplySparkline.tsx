import type { ReplyTimeline } from '@shared/runs/reply-timeline'
import { formatDuration } from '@renderer/features/chat/format-reply'
import { timelineOfRun } from '@renderer/features/charts/timeline/run-timeline'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'

const WIDTH = 72
const HEIGHT = 16
/** Points drawn at most: more than the pixels only costs DOM. */
const MAX_POINTS = 72

/** The step line of tokens over time, scaled to the box, through at most MAX_POINTS events. */
function sparkPath(timeline: ReplyTimeline): string {
  const end = Math.max(1, timeline.endMs, timeline.events.at(-1)?.atMs ?? 0)
  const top = Math.max(1, timeline.tokens)
  const x = (ms: number) => ((ms / end) * WIDTH).toFixed(1)
  const y = (tokens: number) => (HEIGHT - 1 - (tokens / top) * (HEIGHT - 2)).toFixed(1)
  const step = Math.max(1, Math.ceil(timeline.events.length / MAX_POINTS))
  let d = `M0 ${y(0)}`
  for (let i = step - 1; i < timeline.events.length + step - 1; i += step) {
    const event = timeline.events[Math.min(i, timeline.events.length - 1)]
    if (event) d += `H${x(event.atMs)}V${y(event.tokens)}`
  }
  return `${d}H${WIDTH}`
}

/** The summary a screen reader hears, and the tooltip. */
function describe(timeline: ReplyTimeline): string {
  const stalls = timeline.stalls.length
  return `Token timeline: ${timeline.tokens} tokens, first after ${formatDuration(timeline.ttftMs) ?? '–'}, ${stalls} stall${stalls === 1 ? '' : 's'}; Inspect shows it in full`
}

/**
 * How the reply's tokens arrived, in the footer: a tiny step line, stalls in red. Drawn once the reply
 * has ended (the inspector's chart follows a stream live).
 */
export function ReplySparkline({ run }: { run: LiveRun }): React.JSX.Element | null {
  const timeline = timelineOfRun(run)
  if (timeline.events.length === 0) return null
  const end = Math.max(1, timeline.endMs)
  const label = describe(timeline)
  return (
    <svg
      className="reply-sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      {timeline.stalls.map((stall, index) => (
        <rect
          key={index}
          className="reply-sparkline-stall"
          x={(stall.fromMs / end) * WIDTH}
          width={Math.max(1, ((stall.toMs - stall.fromMs) / end) * WIDTH)}
          y={0}
          height={HEIGHT}
        />
      ))}
      <path className="reply-sparkline-line" d={sparkPath(timeline)} />
    </svg>
  )
}
