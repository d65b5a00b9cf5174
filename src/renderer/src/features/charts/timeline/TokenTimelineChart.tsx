import { useCallback, useMemo } from 'react'
import type uPlot from 'uplot'
import type { ReplyTimeline, TimelinePhase } from '@shared/runs/reply-timeline'
import { formatDuration } from '@renderer/features/chat/format-reply'
import { seriesColor, type ChartColors } from '@renderer/features/charts/chart-colors'
import { ratio, themedAxes } from '@renderer/features/charts/chart-options'
import { UPlotChart, type BuildOptions } from '@renderer/features/charts/UPlotChart'
import { timelineData } from './timeline-data'

export type TimelineLine = { name: string; timeline: ReplyTimeline }

const PHASE_COLOR: Record<TimelinePhase, (colors: ChartColors) => string> = {
  reasoning: (colors) => colors.kinds.reasoning,
  text: (colors) => colors.kinds.output,
  tool: (colors) => colors.warning,
}

/** Shades the span from `from` to `to` ms across the plot's height. */
function shade(u: uPlot, from: number, to: number, color: string, alpha: number): void {
  const left = u.valToPos(from, 'x', true)
  const right = u.valToPos(to, 'x', true)
  u.ctx.save()
  u.ctx.globalAlpha = alpha
  u.ctx.fillStyle = color
  u.ctx.fillRect(left, u.bbox.top, Math.max(ratio(), right - left), u.bbox.height)
  u.ctx.restore()
}

/** A dashed vertical line at `at` ms. */
function marker(u: uPlot, at: number, color: string): void {
  const x = u.valToPos(at, 'x', true)
  u.ctx.save()
  u.ctx.strokeStyle = color
  u.ctx.setLineDash([3 * ratio(), 3 * ratio()])
  u.ctx.lineWidth = ratio()
  u.ctx.beginPath()
  u.ctx.moveTo(x, u.bbox.top)
  u.ctx.lineTo(x, u.bbox.top + u.bbox.height)
  u.ctx.stroke()
  u.ctx.restore()
}

/**
 * Output tokens over time since the request was sent. One reply: its phases shaded (thinking, text,
 * tool call), the wait for the first token grey, stalls red, TTFT dashed. Several (compare): one
 * line each, their TTFTs dashed and their stalls red.
 */
export function TokenTimelineChart({
  lines,
  height,
  label,
}: {
  lines: readonly TimelineLine[]
  height: number
  label: string
}): React.JSX.Element {
  const timelines = useMemo(() => lines.map((line) => line.timeline), [lines])
  const data = useMemo(() => timelineData(timelines), [timelines])
  const names = lines.map((line) => line.name).join('\n')
  const single = lines.length === 1
  const options = useCallback<BuildOptions<readonly ReplyTimeline[]>>(
    (lib, colors, overlay) => ({
      scales: {
        x: { time: false, range: (_u, _min, max) => [0, Math.max(1, max, ...overlay().map((t) => t.endMs))] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.05)] },
      },
      axes: themedAxes(
        colors,
        { values: (_u, splits) => splits.map((ms) => formatDuration(ms) ?? ''), label: 'since the request' },
        { label: 'output tokens', size: 48 },
      ),
      series: [
        { value: (_u, ms) => (ms == null ? '–' : `${Math.round(ms)} ms`) },
        ...names.split('\n').map((name, index) => ({
          label: name,
          stroke: single ? colors.text : seriesColor(colors, index),
          width: 2,
          spanGaps: true,
          paths: lib.paths.stepped?.({ align: 1 }),
          points: { show: false },
        })),
      ],
      legend: { show: !single, live: true },
      hooks: {
        drawClear: [
          (u: uPlot) => {
            overlay().forEach((timeline, index) => {
              if (single) {
                if (timeline.ttftMs !== undefined) shade(u, 0, timeline.ttftMs, colors.faint, 0.12)
                for (const phase of timeline.phases)
                  shade(u, phase.fromMs, phase.toMs, PHASE_COLOR[phase.phase](colors), 0.14)
              }
              for (const stall of timeline.stalls)
                shade(u, stall.fromMs, stall.toMs, colors.fail, single ? 0.22 : 0.1)
              if (timeline.ttftMs !== undefined)
                marker(u, timeline.ttftMs, single ? colors.muted : seriesColor(colors, index))
            })
          },
        ],
      },
    }),
    [names, single],
  )
  return <UPlotChart label={label} height={height} options={options} data={data} overlay={timelines} />
}
