import { createTimelineBuilder, type ReplyTimeline } from '@shared/runs/reply-timeline'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'

type Entry = {
  builder: ReturnType<typeof createTimelineBuilder>
  events: LiveRun['rawEvents']
  outputTokens: number | undefined
  timeline: ReplyTimeline
}

/** Timelines of recent runs: the inspector, the footers and compare ask for the same ones. */
const MAX_RUNS = 64
const cache = new Map<string, Entry>()

/**
 * The token timeline of a reply made since the app started, from the raw events main kept. The
 * events list only grows (each update appends), so only the events not read yet are parsed: a
 * streaming reply costs its new events per call, a finished one nothing.
 */
export function timelineOfRun(
  run: Pick<LiveRun, 'runId' | 'dialect' | 'rawEvents' | 'metrics'>,
): ReplyTimeline {
  const outputTokens = run.metrics?.outputTokens
  let entry = cache.get(run.runId)
  if (entry !== undefined && entry.events === run.rawEvents && entry.outputTokens === outputTokens)
    return entry.timeline
  if (entry === undefined || run.rawEvents.length < entry.builder.seen) {
    entry = {
      builder: createTimelineBuilder(run.dialect),
      events: [],
      outputTokens: undefined,
      timeline: { events: [], endMs: 0, stalls: [], phases: [], tokens: 0 },
    }
  }
  cache.delete(run.runId)
  entry.builder.push(run.rawEvents.slice(entry.builder.seen))
  entry.events = run.rawEvents
  entry.outputTokens = outputTokens
  entry.timeline = entry.builder.timeline(outputTokens)
  cache.set(run.runId, entry)
  if (cache.size > MAX_RUNS) cache.delete(cache.keys().next().value as string)
  return entry.timeline
}
