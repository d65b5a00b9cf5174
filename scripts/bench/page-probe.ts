// What bench:render installs in the page before the app loads (playwright addInitScript): an rAF loop,
// observers for long animation frames, long tasks and event timing, and a mark when the opened
// conversation's data has been parsed. The functions here run IN THE PAGE: they are serialized by
// playwright, so they may not use anything from this module's scope.
//
// Scripts are type-checked without the DOM library (tsconfig.node.json), so the little of the DOM the
// probe touches is typed here, structurally.

type Entry = { name: string; entryType: string; startTime: number; duration: number }
type LoafScript = {
  invoker: string
  invokerType: string
  duration: number
  sourceURL: string
  sourceFunctionName: string
  forcedStyleAndLayoutDuration: number
}
type LoafEntry = Entry & {
  blockingDuration: number
  renderStart: number
  styleAndLayoutStart: number
  scripts: LoafScript[]
}
type EventEntry = Entry & { processingStart: number; processingEnd: number; interactionId: number }
type Observer = { observe(options: { type: string; buffered?: boolean; durationThreshold?: number }): void }

export type ProbeFrameLog = {
  /** rAF callback timestamps (frame start, ms since time origin) while recording. */
  frames: number[]
  /**
   * Main-thread time of each frame: from the probe's rAF callback (the first one of the frame) to a
   * message posted from it, which runs once the frame's callbacks, React's commit, style, layout and
   * paint are done (and anything queued before it). NaN when the next frame came first.
   */
  work: number[]
  loafs: Array<{
    start: number
    duration: number
    blocking: number
    renderStart: number
    styleAndLayoutStart: number
    scripts: Array<{ invoker: string; duration: number; source: string; forcedLayout: number }>
  }>
  longTasks: Array<{ start: number; duration: number }>
  events: Array<{ name: string; start: number; duration: number; processing: number; interactionId: number }>
  /** DOM nodes in the document (elements and text), sampled about once a second while recording. */
  nodeSamples: Array<{ t: number; nodes: number; elements: number }>
  /**
   * Each transcript's distance from its end (px) after each frame was rendered: a view that follows
   * the stream must stay near 0.
   */
  distances: number[][]
}

type ProbeState = ProbeFrameLog & {
  recording: boolean
  timeOrigin: number
  marks: Record<string, number>
}

/**
 * tsx (esbuild keepNames) wraps functions in __name(): a page must have it to run serialized ones.
 * An init script, before anything else of the bench runs in the page.
 */
export const NAME_SHIM = 'globalThis.__name = (target) => target'

type ProbeGlobals = {
  __bench?: ProbeState
  /** Installed by `installPaintedLayoutProbe` (an init script before this one). */
  __paintedLayout?: { fresh(): boolean }
  /** DOM nodes in the document now (elements and text), installed by the probe. */
  __benchCountNodes?: () => number
  performance: { now(): number; timeOrigin: number }
  requestAnimationFrame(callback: (time: number) => void): number
  MessageChannel: new () => {
    port1: { onmessage: ((event: { data: [number, number] }) => void) | null }
    port2: { postMessage(message: [number, number]): void }
  }
  PerformanceObserver: new (callback: (list: { getEntries(): Entry[] }) => void) => Observer
  Response: { prototype: { json(this: { url: string }): Promise<unknown> } }
  document: {
    getElementsByTagName(name: string): { length: number }
    querySelectorAll(
      selector: string,
    ): ArrayLike<{ scrollHeight: number; scrollTop: number; clientHeight: number }>
    createTreeWalker(root: unknown, whatToShow: number): { nextNode(): unknown }
    documentElement: unknown
  }
}

/** Installs the probe (runs in the page, before any of the app's scripts). */
export function installProbe(): void {
  const page = globalThis as unknown as ProbeGlobals
  const state: ProbeState = {
    recording: false,
    timeOrigin: page.performance.timeOrigin,
    marks: {},
    frames: [],
    work: [],
    loafs: [],
    longTasks: [],
    events: [],
    nodeSamples: [],
    distances: [],
  }
  page.__bench = state

  let lastNodeSample = 0
  const channel = new page.MessageChannel()
  channel.port1.onmessage = (event) => {
    const [index, startedAt] = event.data
    if (index >= state.work.length) return
    state.work[index] = page.performance.now() - startedAt
    // After the frame's rendering: what was painted (layout is fresh, reading it costs nothing), unless
    // a task since the paint changed the DOM (then no distance is recorded for the frame).
    if (page.__paintedLayout?.fresh() !== true) return
    const scrollers = page.document.querySelectorAll('.transcript-scroll')
    const distances: number[] = []
    for (let i = 0; i < scrollers.length; i++) {
      const s = scrollers[i]
      if (s) distances.push(Math.max(0, s.scrollHeight - s.scrollTop - s.clientHeight))
    }
    state.distances[index] = distances
  }
  const countNodes = (): number => {
    // SHOW_ELEMENT | SHOW_TEXT: what "DOM nodes" means for layout and memory.
    const walker = page.document.createTreeWalker(page.document.documentElement, 0x1 | 0x4)
    let nodes = 1
    while (walker.nextNode()) nodes++
    return nodes
  }
  page.__benchCountNodes = countNodes
  const onFrame = (time: number): void => {
    if (state.recording) {
      state.frames.push(time)
      state.work.push(NaN)
      state.distances.push([])
      channel.port2.postMessage([state.work.length - 1, page.performance.now()])
      if (time - lastNodeSample > 1000) {
        lastNodeSample = time
        state.nodeSamples.push({
          t: time,
          nodes: countNodes(),
          elements: page.document.getElementsByTagName('*').length,
        })
      }
    }
    page.requestAnimationFrame(onFrame)
  }
  page.requestAnimationFrame(onFrame)

  const observe = (type: string, handle: (entry: Entry) => void, options: object = {}): void => {
    try {
      new page.PerformanceObserver((list) => {
        if (!state.recording) return
        for (const entry of list.getEntries()) handle(entry)
      }).observe({ type, ...options })
    } catch {
      // An entry type this Chromium does not know: reported as missing figures, not as an error.
      state.marks[`unsupported:${type}`] = 1
    }
  }
  observe('long-animation-frame', (entry) => {
    const loaf = entry as LoafEntry
    state.loafs.push({
      start: loaf.startTime,
      duration: loaf.duration,
      blocking: loaf.blockingDuration,
      renderStart: loaf.renderStart,
      styleAndLayoutStart: loaf.styleAndLayoutStart,
      scripts: loaf.scripts
        .slice()
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3)
        .map((script) => ({
          invoker: script.invoker || script.invokerType,
          duration: script.duration,
          source: `${script.sourceFunctionName}@${script.sourceURL.split('/').pop() ?? ''}`,
          forcedLayout: script.forcedStyleAndLayoutDuration,
        })),
    })
  })
  observe('longtask', (entry) => state.longTasks.push({ start: entry.startTime, duration: entry.duration }))
  observe(
    'event',
    (entry) => {
      const event = entry as EventEntry
      state.events.push({
        name: event.name,
        start: event.startTime,
        duration: event.duration,
        processing: event.processingEnd - event.processingStart,
        interactionId: event.interactionId,
      })
    },
    // 16 ms is the smallest threshold the Event Timing API accepts; shorter events are not reported.
    { durationThreshold: 16 },
  )

  // When the renderer has parsed the conversation it asked for (the bridge reads every invoke's reply
  // with response.json()): "after its data is loaded" in performance.md R3.
  const json = page.Response.prototype.json
  page.Response.prototype.json = function (this: { url: string }): Promise<unknown> {
    const parsed = json.call(this)
    if (this.url.includes('/api/invoke/history%3Aget')) {
      void parsed.then(() => {
        state.marks['historyLoaded'] = page.performance.now()
      })
    }
    return parsed
  }
}

/** DOM nodes in the document now (runs in the page): the probe's own count. */
export function countNodes(): number {
  const count = (globalThis as unknown as ProbeGlobals).__benchCountNodes
  if (!count) throw new Error('the probe is not installed')
  return count()
}

/** The longest event of each key interaction (keydown, keypress and keyup share an interactionId). */
export function keyInteractionDurations(
  events: ProbeFrameLog['events'],
  window: { start: number; end: number } = { start: -Infinity, end: Infinity },
): number[] {
  const byInteraction = new Map<number, number>()
  for (const event of events) {
    if (event.interactionId === 0 || !event.name.startsWith('key')) continue
    if (event.start < window.start || event.start > window.end) continue
    byInteraction.set(
      event.interactionId,
      Math.max(byInteraction.get(event.interactionId) ?? 0, event.duration),
    )
  }
  return [...byInteraction.values()]
}

/** Starts a recording window (runs in the page). */
export function startRecording(): void {
  const state = (globalThis as unknown as ProbeGlobals).__bench
  if (!state) throw new Error('the probe is not installed')
  state.frames = []
  state.work = []
  state.loafs = []
  state.longTasks = []
  state.events = []
  state.nodeSamples = []
  state.distances = []
  state.recording = true
}

/** Ends the window and hands its log over (runs in the page). */
export function stopRecording(): ProbeFrameLog & { timeOrigin: number; marks: Record<string, number> } {
  const state = (globalThis as unknown as ProbeGlobals).__bench
  if (!state) throw new Error('the probe is not installed')
  state.recording = false
  const { frames, work, loafs, longTasks, events, nodeSamples, distances, timeOrigin, marks } = state
  state.frames = []
  state.distances = []
  state.work = []
  state.loafs = []
  state.longTasks = []
  state.events = []
  state.nodeSamples = []
  return { frames, work, loafs, longTasks, events, nodeSamples, distances, timeOrigin, marks }
}
