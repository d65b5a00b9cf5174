// Turns one run's raw logs into the figures of performance.md's goals.
import type { RunResult, Window } from './render-run'
import { keyInteractionDurations } from './page-probe'
import { median, percentile } from './stats'

/** A frame "fits" when the next one started within this: one 60 Hz frame (16.7 ms) plus rAF jitter. */
const FRAME_BUDGET_MS = 17
const LONG_FRAME_MS = 50

type FrameFigures = {
  frames: number
  /** Share of frame intervals ≤ 17 ms, in %. */
  within17msPct: number
  p50: number
  p95: number
  p99: number
  max: number
  over50: number
  longAnimationFrames: number
  longTasks: number
  /** Main-thread time per frame (probe rAF → after paint). */
  workP50: number
  workP95: number
}

export type RunSummary = {
  throttle: number
  open: {
    clickToDataMs: number
    dataToPaintMs: number
    clickToPaintMs: number
    maxFrameMs: number
    nodes: number
    heapMB: number
  }
  /** Both panes streaming (R1). */
  streaming: FrameFigures
  /** From the click on Send to the reply saved and the side panel updated: the whole experience. */
  wholeRun: FrameFigures
  worstFrames: Array<{ at: string; durationMs: number; blockingMs: number; scripts: string[] }>
  /** R2: median main-thread time per frame while the replies were short vs ~100k characters long. */
  commitCost: {
    at1kMs: number
    at100kMs: number
    ratio: number
    msPer100kChars: number
    shortestChars: number
    medianShortMs: number
    median100kMs: number
    frames: number
  }
  keys: { typed: number; reported: number; p95Ms: number; maxMs: number; over50: number; idleP95Ms: number }
  runTimes: RunResult['stream']['runTimes']
  /** Both streaming: frames where a transcript was more than 48 px from its end, and the largest gap. */
  offBottom: { frames: number; maxPx: number; firstAtMs: number }
  heapAfterGcMB: number
  peakHeapMB: number
  peakNodes: number
  cadence: RunResult['stream']['cadence']
  correct: boolean
  correctness: RunResult['correctness']
}

function framesIn(log: RunResult['stream']['log'], window: Window): FrameFigures {
  const intervals: number[] = []
  const work: number[] = []
  for (let i = 1; i < log.frames.length; i++) {
    const t = log.frames[i] ?? NaN
    const previous = log.frames[i - 1] ?? NaN
    if (t < window.start || t > window.end) continue
    intervals.push(t - previous)
    const spent = log.work[i]
    if (spent !== undefined && Number.isFinite(spent)) work.push(spent)
  }
  const inWindow = (start: number): boolean => start >= window.start && start <= window.end
  return {
    frames: intervals.length,
    within17msPct:
      (100 * intervals.filter((ms) => ms <= FRAME_BUDGET_MS).length) / Math.max(1, intervals.length),
    p50: percentile(intervals, 50),
    p95: percentile(intervals, 95),
    p99: percentile(intervals, 99),
    max: Math.max(...intervals),
    over50: intervals.filter((ms) => ms > LONG_FRAME_MS).length,
    longAnimationFrames: log.loafs.filter((loaf) => inWindow(loaf.start)).length,
    longTasks: log.longTasks.filter((task) => inWindow(task.start)).length,
    workP50: percentile(work, 50),
    workP95: percentile(work, 95),
  }
}

function offBottom(log: RunResult['stream']['log'], window: Window): RunSummary['offBottom'] {
  let frames = 0
  let maxPx = 0
  let firstAtMs = NaN
  log.frames.forEach((t, index) => {
    if (t < window.start || t > window.end) return
    const worst = Math.max(0, ...(log.distances[index] ?? []))
    if (worst > 48) {
      frames++
      if (Number.isNaN(firstAtMs)) firstAtMs = t - window.start
    }
    maxPx = Math.max(maxPx, worst)
  })
  return { frames, maxPx, firstAtMs }
}

function leastSquares(points: ReadonlyArray<[number, number]>): { intercept: number; slope: number } {
  const n = points.length
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n
  let covariance = 0
  let variance = 0
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY)
    variance += (x - meanX) ** 2
  }
  const slope = variance === 0 ? 0 : covariance / variance
  return { intercept: meanY - slope * meanX, slope }
}

/** Characters of the replies at page time t, averaged over the panes (both grow at the same pace). */
function charsAt(growth: RunResult['stream']['growth'], t: number): number {
  let total = 0
  for (const pane of growth) {
    let chars = 0
    for (const point of pane) {
      if (point.t > t) break
      chars = point.chars
    }
    total += chars
  }
  return total / Math.max(1, growth.length)
}

export function summarizeRun(run: RunResult): RunSummary {
  const { stream, open } = run
  const log = stream.log
  const whole: Window = { start: stream.sendAt, end: Infinity }
  const openFrames = framesIn(open.log, { start: 0, end: Infinity })

  // R2: main-thread time per frame against the replies' length, both streaming: a least-squares line
  // through every frame (noise averages out), read at 1k and 100k characters. The medians of the
  // frames at the shortest and at ~100k characters are kept for the record.
  const points: Array<[number, number]> = []
  for (let i = 1; i < log.frames.length; i++) {
    const t = log.frames[i] ?? NaN
    const spent = log.work[i]
    if (t < stream.bothStreaming.start || t > stream.bothStreaming.end) continue
    if (spent === undefined || !Number.isFinite(spent)) continue
    points.push([charsAt(stream.growth, t), spent])
  }
  const fit = leastSquares(points)
  const shortest = Math.min(...points.map(([chars]) => chars))
  const short = points.filter(([chars]) => chars <= shortest + 10_000).map(([, ms]) => ms)
  const long = points.filter(([chars]) => chars >= 100_000 && chars <= 110_000).map(([, ms]) => ms)

  // Keypress → paint: the longest event of each interaction (keydown/keyup share an interactionId);
  // events under 16 ms are not reported by the Event Timing API and count as "≤ 16 ms".
  const reported = keyInteractionDurations(log.events, stream.bothStreaming)
  const typed = Math.max(stream.keysTypedWhileStreaming, reported.length)
  const keyDurations = [...reported, ...Array<number>(typed - reported.length).fill(16)]

  const worstFrames = [...log.loafs]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 5)
    .map((loaf) => ({
      at:
        loaf.start < stream.bothStreaming.start
          ? `send+${(loaf.start - stream.sendAt).toFixed(0)}ms`
          : loaf.start > stream.bothStreaming.end
            ? `end+${(loaf.start - stream.bothStreaming.end).toFixed(0)}ms`
            : `streaming+${(loaf.start - stream.bothStreaming.start).toFixed(0)}ms`,
      durationMs: loaf.duration,
      blockingMs: loaf.blocking,
      scripts: loaf.scripts.map((s) => `${s.invoker} ${s.source} ${s.duration.toFixed(0)}ms`),
    }))

  const c = run.correctness
  const correct =
    c.ipcEqualsReference.every(Boolean) &&
    c.savedEqualsReference.every(Boolean) &&
    c.dom.every(
      (check) => check.missingCount === 0 && check.mismatchedCount === 0 && check.seen === check.expected,
    ) &&
    stream.cadence.every((cadence) => cadence.seqContiguous)

  return {
    throttle: run.throttle,
    open: {
      clickToDataMs: open.clickToDataMs,
      dataToPaintMs: open.dataToPaintMs,
      clickToPaintMs: open.clickToPaintMs,
      maxFrameMs: openFrames.max,
      nodes: open.nodes,
      heapMB: open.heapMB,
    },
    streaming: framesIn(log, stream.bothStreaming),
    wholeRun: framesIn(log, whole),
    worstFrames,
    commitCost: {
      at1kMs: fit.intercept + fit.slope * 1_000,
      at100kMs: fit.intercept + fit.slope * 100_000,
      ratio: (fit.intercept + fit.slope * 100_000) / (fit.intercept + fit.slope * 1_000),
      msPer100kChars: fit.slope * 100_000,
      shortestChars: shortest,
      medianShortMs: median(short),
      median100kMs: median(long),
      frames: points.length,
    },
    keys: {
      typed,
      reported: reported.length,
      p95Ms: percentile(keyDurations, 95),
      maxMs: Math.max(0, ...reported),
      over50: reported.filter((ms) => ms > 50).length,
      idleP95Ms: percentile(run.idleKeys, 95),
    },
    runTimes: stream.runTimes,
    offBottom: offBottom(log, stream.bothStreaming),
    heapAfterGcMB: stream.heapAfterGcMB,
    peakHeapMB: Math.max(open.heapMB, ...stream.heapSamplesMB),
    peakNodes: Math.max(open.nodes, ...log.nodeSamples.map((sample) => sample.nodes)),
    cadence: stream.cadence,
    correct,
    correctness: c,
  }
}
