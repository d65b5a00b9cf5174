// One run of bench:render: a fresh app (browser mode) with the 1M-token conversation in its history,
// a fresh Chromium page, open the conversation, stream two replies side by side while typing, then
// check the text byte for byte. Returns the raw figures; bench-render.ts aggregates and prints.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, CDPSession, Page } from 'playwright-core'
import type { Conversation } from '@shared/history/conversation'
import { startApp, type AppProcess } from '@test/e2e/support/app-process'
import { hostInvoke } from '@test/e2e/support/host-api'
import { installPaintedLayoutProbe } from '@test/support/painted-layout'
import { BENCH_CONVERSATION_ID } from './conversation-fixture'
import { startProfile, startTrace, stopProfile, stopTrace } from './cpu-profile'
import { attachEventProbe, updateCadence, type EventProbe, type UpdateCadence } from './event-probe'
import {
  countNodes,
  installProbe,
  keyInteractionDurations,
  NAME_SHIM,
  startRecording,
  stopRecording,
  type ProbeFrameLog,
} from './page-probe'
import { referenceReplies } from './reference-text'
import { checkRenderedBlocks, expectedBlocks, type BlockCheck } from './rendered-blocks'

export const GATEWAY_CONFIG = { simulator: { ttftMs: 0, tokensPerSecond: 3000 } }
/** Everything the bench waits for is bounded by these. */
const APP_READY_MS = 60_000
const OPEN_MS = 60_000
const STREAM_MS = 180_000
const FIRST_TEXT_MS = 30_000
const SAVE_MS = 60_000
/** Typing cadence: a brisk typist, ~8 keys a second. */
const KEY_GAP_MS = 120
const TYPED_TEXT = 'the quick brown fox jumps over the lazy dog while two replies stream side by side '

export type RunOptions = {
  browser: Browser
  conversationJson: string
  throttle: number
  streamTokens: number
  viewport: { width: number; height: number }
  log: (line: string) => void
  /** Save CPU profiles of the open and the stream phases under this path prefix, and print hot spots. */
  profile?: string
  /** Save a timeline trace of the stream phase under this path prefix, and print where time goes. */
  trace?: string
}

export type Window = { start: number; end: number }

export type RunResult = {
  throttle: number
  open: {
    clickToDataMs: number
    dataToPaintMs: number
    clickToPaintMs: number
    log: ProbeFrameLog
    heapMB: number
    nodes: number
  }
  stream: {
    log: ProbeFrameLog
    /** Page-time windows: both panes streaming; the whole recording (send → saved). */
    bothStreaming: Window
    /** Just before Playwright's click on Send (page time). */
    sendAt: number
    /** The click event's timeStamp: what the app got, without Playwright's checks before it. */
    clickAt: number
    keysTyped: number
    keysTypedWhileStreaming: number
    heapSamplesMB: number[]
    cadence: UpdateCadence[]
    /** Characters of each pane's reply over time (page time), from the event probe. */
    growth: Array<Array<{ t: number; chars: number }>>
    /** Each run's first text and end, in ms after the click event on Send (`clickAt`). */
    runTimes: Array<{ firstTextMs: number; endMs: number }>
    /** Used heap once the streams ended and a full garbage collection ran: what is really kept. */
    heapAfterGcMB: number
  }
  /** Keypress → paint while nothing streams: the floor of this browser and machine. */
  idleKeys: number[]
  correctness: {
    replyChars: number[]
    ipcEqualsReference: boolean[]
    savedEqualsReference: boolean[]
    terminalStates: string[]
    dom: BlockCheck[]
  }
}

export async function runOnce(options: RunOptions): Promise<RunResult> {
  const { browser, log } = options
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-render-'))
  mkdirSync(path.join(userDataDir, 'conversations'), { recursive: true })
  const conversationFile = path.join(userDataDir, 'conversations', `${BENCH_CONVERSATION_ID}.json`)
  writeFileSync(conversationFile, options.conversationJson)
  let app: AppProcess | undefined
  let probe: EventProbe | undefined
  const context = await browser.newContext({ viewport: options.viewport })
  try {
    app = await startApp({ userDataDir, gatewayConfig: GATEWAY_CONFIG })
    const token = new URLSearchParams(new URL(app.url).hash.slice(1)).get('token') ?? ''
    probe = await attachEventProbe(app.origin, token)
    const page = await context.newPage()
    await page.addInitScript(NAME_SHIM)
    await page.addInitScript(installPaintedLayoutProbe)
    await page.addInitScript(installProbe)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(app.url)
    await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: APP_READY_MS })
    await waitFor(
      () =>
        page
          .getByRole('combobox', { name: 'Model' })
          .first()
          .inputValue()
          .then((v) => v !== ''),
      APP_READY_MS,
      'the catalog',
    )
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle })

    if (options.profile) await startProfile(cdp)
    const open = await openConversation(page, cdp)
    if (options.profile) printHot('open', await stopProfile(cdp, `${options.profile}-open.cpuprofile`), log)
    log(
      `  open: click→data ${open.clickToDataMs.toFixed(0)} ms, data→paint ${open.dataToPaintMs.toFixed(0)} ms, ` +
        `${open.nodes} nodes, heap ${open.heapMB.toFixed(0)} MB`,
    )
    if (options.profile) await startProfile(cdp)
    if (options.trace) await startTrace(cdp)
    const idleKeys = await typeWhileIdle(page)
    const stream = await streamWhileTyping(page, cdp, probe, options)
    log(
      `  send: click → first text ${stream.result.runTimes.map((r) => r.firstTextMs.toFixed(0)).join(' / ')} ms ` +
        `(Playwright's click reached the page ${(stream.result.clickAt - stream.result.sendAt).toFixed(0)} ms after it began)`,
    )
    if (options.profile)
      printHot('stream', await stopProfile(cdp, `${options.profile}-stream.cpuprofile`), log)
    if (options.trace) {
      const totals = await stopTrace(cdp, `${options.trace}-stream.trace.json`)
      log('  main thread by kind of work (stream phase, nested events overlap):')
      for (const { name, ms } of totals.slice(0, 20)) log(`    ${ms.toFixed(0).padStart(7)} ms  ${name}`)
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const correctness = await checkCorrectness(page, app, probe, stream.runIds)
    return { throttle: options.throttle, open, stream: stream.result, idleKeys, correctness }
  } finally {
    probe?.close()
    await context.close()
    await app?.stop()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

function printHot(
  phase: string,
  hot: Array<{ name: string; selfMs: number; pct: number }>,
  log: (line: string) => void,
): void {
  log(`  hottest functions (${phase}, self time):`)
  for (const entry of hot)
    log(`    ${entry.selfMs.toFixed(0).padStart(6)} ms ${entry.pct.toFixed(1).padStart(5)}%  ${entry.name}`)
}

async function heapMB(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN
  return used / (1024 * 1024)
}

async function openConversation(page: Page, cdp: CDPSession): Promise<RunResult['open']> {
  await page.getByRole('tab', { name: 'History' }).click()
  const item = page
    .getByRole('list', { name: 'Saved conversations' })
    .getByRole('listitem')
    .filter({ hasText: 'Benchmark' })
  await item.waitFor({ timeout: OPEN_MS })
  await page.evaluate(startRecording)
  // In the page: the click's time, then the first frame whose DOM holds replies in both panes, and the
  // end of that frame's rendering (a message posted from its rAF callback runs after paint).
  const painted = page.evaluate(
    (timeoutMs) =>
      new Promise<{ click: number; frame: number; painted: number }>((resolve, reject) => {
        const w = globalThis as unknown as {
          performance: { now(): number }
          document: {
            addEventListener(type: string, listener: () => void, options: object): void
            querySelectorAll(selector: string): { length: number }
          }
          requestAnimationFrame(callback: () => void): number
          MessageChannel: new () => {
            port1: { onmessage: (() => void) | null }
            port2: { postMessage(message: null): void }
          }
        }
        let click = NaN
        w.document.addEventListener('click', () => (click = w.performance.now()), {
          capture: true,
          once: true,
        })
        const started = w.performance.now()
        const poll = (): void => {
          const shown =
            w.document.querySelectorAll('[aria-label="Pane 1"] article').length > 0 &&
            w.document.querySelectorAll('[aria-label="Pane 2"] article').length > 0
          if (shown) {
            const frame = w.performance.now()
            const channel = new w.MessageChannel()
            channel.port1.onmessage = () => resolve({ click, frame, painted: w.performance.now() })
            channel.port2.postMessage(null)
            return
          }
          if (w.performance.now() - started > timeoutMs) reject(new Error('the transcript never showed'))
          else w.requestAnimationFrame(poll)
        }
        w.requestAnimationFrame(poll)
      }),
    OPEN_MS,
  )
  await item.getByRole('button', { name: 'Open' }).click()
  const times = await painted
  // Let it settle (rows measured, scrolled to the end) before reading heap and nodes.
  await page.waitForTimeout(1500)
  const openLog = await page.evaluate(stopRecording)
  const loaded = openLog.marks['historyLoaded'] ?? NaN
  const nodes = await page.evaluate(countNodes)
  return {
    clickToDataMs: loaded - times.click,
    dataToPaintMs: times.painted - loaded,
    clickToPaintMs: times.painted - times.click,
    log: openLog,
    heapMB: await heapMB(cdp),
    nodes,
  }
}

/** Keys typed into the composer with nothing streaming; returns each key's keypress → paint (ms). */
async function typeWhileIdle(page: Page): Promise<number[]> {
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.focus()
  await page.evaluate(startRecording)
  const keys = 24
  for (let i = 0; i < keys; i++) {
    await page.keyboard.type(TYPED_TEXT[i] ?? ' ')
    await page.waitForTimeout(KEY_GAP_MS)
  }
  await page.waitForTimeout(500)
  const log = await page.evaluate(stopRecording)
  await composer.fill('')
  const reported = keyInteractionDurations(log.events)
  // Keys under the API's 16 ms threshold are not reported: they count as 16.
  return [...reported, ...Array<number>(Math.max(0, keys - reported.length)).fill(16)]
}

async function streamWhileTyping(
  page: Page,
  cdp: CDPSession,
  probe: EventProbe,
  options: RunOptions,
): Promise<{ result: RunResult['stream']; runIds: string[] }> {
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill(
    `Write ${options.streamTokens.toLocaleString('en-US')} tokens about rendering streamed markdown.`,
  )
  const known = new Set(probe.runs.keys())
  await page.evaluate(startRecording)
  // The click's own time, as the page got it (the event's timeStamp): Playwright's click first
  // scrolls, waits for the button to be stable and hit-testable, ~50 ms that are not the app's.
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      document: {
        addEventListener(
          type: string,
          listener: (event: { timeStamp: number }) => void,
          options: object,
        ): void
      }
      benchClickAt?: number
    }
    w.document.addEventListener('click', (event) => (w.benchClickAt = event.timeStamp), {
      capture: true,
      once: true,
    })
  })
  const sendAt = await page.evaluate(() =>
    (globalThis as unknown as { performance: { now(): number } }).performance.now(),
  )
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const newRuns = (): string[] => [...probe.runs.keys()].filter((id) => !known.has(id))
  // S1 is measured without the bench in the way: until both replies have their first text it only
  // waits (in Node, on its own event-stream listener), where asking the page anything or typing would
  // make the page's thread, and Chromium's, work while the send is under way on the same two cores.
  const sendDeadline = Date.now() + FIRST_TEXT_MS
  while (newRuns().filter((id) => probe.runs.get(id)?.firstContentAt !== undefined).length < 2) {
    if (Date.now() > sendDeadline) throw new Error('the replies did not start in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const clickAt = await page.evaluate(
    () => (globalThis as unknown as { benchClickAt?: number }).benchClickAt ?? NaN,
  )
  await composer.focus()

  const ended = (): boolean => {
    const runs = newRuns()
    return runs.length === 2 && runs.every((id) => probe.runs.get(id)?.terminalAt !== undefined)
  }
  const heapSamplesMB: number[] = []
  const keyTimes: number[] = []
  let lastHeapSample = 0
  const deadline = Date.now() + STREAM_MS
  let typed = 0
  while (!ended()) {
    if (Date.now() > deadline) throw new Error('the streams did not end in time')
    keyTimes.push(performance.now())
    await page.keyboard.type(TYPED_TEXT[typed++ % TYPED_TEXT.length] ?? ' ')
    if (Date.now() - lastHeapSample > 1000) {
      lastHeapSample = Date.now()
      heapSamplesMB.push(await heapMB(cdp))
    }
    await page.waitForTimeout(KEY_GAP_MS)
  }
  // The end of the runs: the reply is saved, the side panel's request preview catches up.
  await page
    .getByRole('button', { name: 'Stop', exact: true })
    .waitFor({ state: 'detached', timeout: SAVE_MS })
  await page.waitForTimeout(1500)
  heapSamplesMB.push(await heapMB(cdp))
  const streamLog = await page.evaluate(stopRecording)
  await cdp.send('HeapProfiler.collectGarbage')
  const heapAfterGcMB = await heapMB(cdp)

  // Node's and the page's clocks share the epoch: node time → page time.
  const toPage = (t: number): number => performance.timeOrigin + t - streamLog.timeOrigin
  const runIds = newRuns()
  const traces = runIds.map((id) => probe.runs.get(id))
  // With thinking on, a pane streams from its first thinking delta: R1 covers the thinking too.
  const firstContent = Math.max(...traces.map((trace) => trace?.firstContentAt ?? NaN))
  const terminal = Math.min(...traces.map((trace) => trace?.terminalAt ?? NaN))
  const bothStreaming = { start: toPage(firstContent), end: toPage(terminal) }
  const growth = traces.map((trace) => {
    let chars = 0
    return (trace?.arrivals ?? []).map((arrival) => ({
      t: toPage(arrival.t),
      chars: (chars += arrival.textChars),
    }))
  })
  return {
    runIds,
    result: {
      log: streamLog,
      bothStreaming,
      sendAt,
      keysTyped: keyTimes.length,
      keysTypedWhileStreaming: keyTimes
        .map(toPage)
        .filter((t) => t >= bothStreaming.start && t <= bothStreaming.end).length,
      heapSamplesMB,
      cadence: traces.map((trace) =>
        trace ? updateCadence(trace) : updateCadence({ runId: '', arrivals: [], text: '' }),
      ),
      growth,
      clickAt,
      runTimes: traces.map((trace) => ({
        firstTextMs: toPage(trace?.firstTextAt ?? NaN) - clickAt,
        endMs: toPage(trace?.terminalAt ?? NaN) - clickAt,
      })),
      heapAfterGcMB,
    },
  }
}

async function checkCorrectness(
  page: Page,
  app: AppProcess,
  probe: EventProbe,
  runIds: string[],
): Promise<RunResult['correctness']> {
  const saved = await waitFor(
    async () => {
      const conversation = await storedConversation(app)
      const done = conversation.panes.every((pane) => {
        const last = pane.messages.at(-1)
        // The new user turn has a UUID (the fixture's ids are short), and the reply its record.
        return (
          last?.role === 'assistant' && last.reply !== undefined && pane.messages.at(-2)?.id.length === 36
        )
      })
      return done ? conversation : undefined
    },
    SAVE_MS,
    'the saved conversation',
  )
  const savedTexts = saved.panes.map((pane) => textOf(pane.messages.at(-1)))
  const references = await referenceReplies(saved, GATEWAY_CONFIG)
  // Which run wrote which pane: the one whose IPC text is that pane's saved text (else by order).
  const ipcTexts = saved.panes.map((_, index) => {
    const match = runIds
      .map((id) => probe.runs.get(id)?.text ?? '')
      .find((text) => text === savedTexts[index])
    return match ?? probe.runs.get(runIds[index] ?? '')?.text ?? ''
  })
  const terminalStates = runIds.map((id) => probe.runs.get(id)?.terminalState ?? 'none')
  const dom: BlockCheck[] = []
  for (const [index, reference] of references.entries()) {
    dom.push(
      await page.evaluate(checkRenderedBlocks, { paneIndex: index + 1, expected: expectedBlocks(reference) }),
    )
  }
  return {
    replyChars: references.map((text) => text.length),
    ipcEqualsReference: references.map((text, index) => ipcTexts[index] === text),
    savedEqualsReference: references.map((text, index) => savedTexts[index] === text),
    terminalStates,
    dom,
  }
}

function textOf(message: Conversation['panes'][number]['messages'][number] | undefined): string {
  if (!message || message.role === 'tool') return ''
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
}

async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined && value !== false) return value
    } catch {
      // Not there yet (a file being replaced, a page still loading).
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * What the app has stored (its file plus the incremental saves of its journal), asked of the app
 * itself: an export reads the stored conversation and readies nothing, unlike an open.
 */
async function storedConversation(app: AppProcess): Promise<Conversation> {
  const { json } = await hostInvoke(app, 'history:export', { id: BENCH_CONVERSATION_ID })
  return JSON.parse(json) as Conversation
}
