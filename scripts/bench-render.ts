// `npm run bench:render`: the renderer under the load of performance.md R1–R5, in browser mode.
//
// Builds the app, writes a conversation of 1,048,576 o200k tokens of mixed markdown into a fresh
// history, opens it in Debian's Chromium (playwright-core), then streams two replies side by side at
// 3,000 tokens/s each through the real path (local gateway simulator → main's run registry → the
// browser host's event stream → the renderer's run pump) while typing in the composer. Records frame
// intervals, long animation frames, long tasks, event timing, heap and DOM nodes, at 1× and 4× CPU
// throttle, several runs each; checks that the text shown equals the text streamed, byte for byte.
// With --thinking both replies think first (streamed at the same pace), and R1 covers the thinking.
// Prints a table and writes artifacts/bench-render.json. A benchmark, not a test: nothing here is
// asserted against a time, but a wrong text makes it exit non-zero.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { startApp } from '@test/e2e/support/app-process'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '@test/support/chromium'
import { buildApp } from './build-app'
import { bundleFigures, coldLoads, type ColdLoad } from './bench/cold-load'
import { buildBenchConversation } from './bench/conversation-fixture'
import { GATEWAY_CONFIG, runOnce } from './bench/render-run'
import { formatTable, median, round } from './bench/stats'
import { summarizeRun, type RunSummary } from './bench/summarize-run'

const USAGE = `Usage: npm run bench:render [-- options]
  --runs <n>            runs per throttle (default 3; 0: only the bundle and cold-load figures)
  --throttle <list>     CPU throttle rates, comma-separated (default 1,4)
  --stream-tokens <n>   tokens each pane streams (default 45000: 15 s at 3,000 tokens/s)
  --tokens <n>          tokens in the preloaded conversation, both panes (default 1048576)
  --thinking <n>        think before answering, with a budget of n tokens (Messages pane; the Chat
                        Completions pane gets the nearest reasoning_effort); default off
  --no-build            use the existing build in out/
  --profile             save CPU profiles (artifacts/bench-render-*.cpuprofile) and print hot spots
  --no-cold-load        skip the cold-load measurements (R5)
  --trace               save a timeline trace of the stream phase and print main-thread time by kind
  --out <file>          JSON result (default artifacts/bench-render.json)`

const ROOT = path.resolve(import.meta.dirname, '..')
const VIEWPORT = { width: 1280, height: 800 }
const COLD_LOADS = 5

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      throttle: { type: 'string', default: '1,4' },
      'stream-tokens': { type: 'string', default: '45000' },
      tokens: { type: 'string', default: '1048576' },
      thinking: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      trace: { type: 'boolean', default: false },
      'no-cold-load': { type: 'boolean', default: false },
      out: { type: 'string', default: 'artifacts/bench-render.json' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const runs = Number(values.runs)
  const throttles = values.throttle.split(',').map(Number)
  const streamTokens = Number(values['stream-tokens'])
  const tokens = Number(values.tokens)
  const thinking = values.thinking === undefined ? undefined : Number(values.thinking)
  const positive = [streamTokens, tokens, ...throttles].every((n) => Number.isFinite(n) && n > 0)
  // The Messages API's range: at least 1,024 and below the fixture's max_tokens.
  const budgetOk =
    thinking === undefined || (Number.isInteger(thinking) && thinking >= 1024 && thinking < 131_072)
  if (!positive || !budgetOk || !Number.isInteger(runs) || runs < 0 || runs > 20) {
    throw new Error(`bad options\n${USAGE}`)
  }

  if (!values['no-build']) {
    console.log('Building the app (electron-vite build)…')
    buildApp(ROOT)
  }

  console.log(`Writing a conversation of ${tokens.toLocaleString('en-US')} tokens…`)
  const fixture = buildBenchConversation(tokens)
  if (thinking !== undefined) {
    fixture.conversation.params.reasoning = { type: 'budget', budgetTokens: thinking }
    console.log(`  thinking: a budget of ${thinking.toLocaleString('en-US')} tokens`)
  }
  const conversationJson = JSON.stringify(fixture.conversation)
  console.log(
    `  ${fixture.tokens.toLocaleString('en-US')} tokens (${fixture.tokensPerPane.join(' + ')}), ` +
      `${fixture.messagesPerPane.join(' + ')} messages, ${(fixture.bytes / 1e6).toFixed(1)} MB`,
  )

  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS],
  })
  const summaries: RunSummary[] = []
  let bundle: ReturnType<typeof bundleFigures> | undefined
  const cold: Record<string, ColdLoad[]> = {}
  try {
    for (const throttle of throttles) {
      for (let run = 1; run <= runs; run++) {
        console.log(`Run ${run}/${runs} at ${throttle}× CPU throttle…`)
        const result = await runOnce({
          browser,
          conversationJson,
          throttle,
          streamTokens,
          viewport: VIEWPORT,
          log: (line) => console.log(line),
          ...(values.profile
            ? { profile: path.join(ROOT, 'artifacts', `bench-render-${throttle}x-run${run}`) }
            : {}),
          ...(values.trace
            ? { trace: path.join(ROOT, 'artifacts', `bench-render-${throttle}x-run${run}`) }
            : {}),
        })
        const summary = summarizeRun(result)
        summaries.push(summary)
        const s = summary.streaming
        console.log(
          `  streaming: ${s.frames} frames, ${s.within17msPct.toFixed(2)}% ≤ 17 ms, max ${s.max.toFixed(1)} ms; ` +
            `keys p95 ${summary.keys.p95Ms.toFixed(0)} ms; nodes ≤ ${summary.peakNodes}; ` +
            `text ${summary.correct ? 'byte-equal' : 'WRONG'}`,
        )
      }
    }

    bundle = bundleFigures(path.join(ROOT, 'out/renderer'))
    if (!values['no-cold-load']) {
      console.log('Cold loads of the production build…')
      const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cold-'))
      const app = await startApp({ userDataDir, gatewayConfig: GATEWAY_CONFIG })
      try {
        for (const throttle of throttles)
          cold[`${throttle}x`] = await coldLoads(browser, app.url, throttle, COLD_LOADS)
      } finally {
        await app.stop()
        rmSync(userDataDir, { recursive: true, force: true })
      }
    }
  } finally {
    await browser.close()
  }

  const byThrottle = (throttle: number): RunSummary[] => summaries.filter((s) => s.throttle === throttle)
  const med = (list: RunSummary[], pick: (s: RunSummary) => number): number => median(list.map(pick))
  const rows: string[][] = [
    ['goal', 'measure', ...throttles.map((t) => `${t}× (median of ${runs})`), 'target'],
  ]
  const row = (
    goal: string,
    measure: string,
    pick: (s: RunSummary) => number,
    digits: number,
    target: string,
  ): void => {
    rows.push([
      goal,
      measure,
      ...throttles.map((t) => String(round(med(byThrottle(t), pick), digits))),
      target,
    ])
  }
  row('R1', 'frames ≤ 17 ms, both streaming (%)', (s) => s.streaming.within17msPct, 2, '≥ 99')
  row('R1', 'longest frame, both streaming (ms)', (s) => s.streaming.max, 1, '≤ 50')
  row('R1', 'frames > 50 ms, both streaming', (s) => s.streaming.over50, 0, '0')
  row('R1', 'frame p99 (ms)', (s) => s.streaming.p99, 1, '')
  row('R1', 'main-thread work per frame p50/p95 (ms)', (s) => s.streaming.workP50, 1, '')
  rows[rows.length - 1] = [
    'R1',
    'main-thread work per frame p50 / p95 (ms)',
    ...throttles.map(
      (t) =>
        `${round(
          med(byThrottle(t), (s) => s.streaming.workP50),
          1,
        )} / ${round(
          med(byThrottle(t), (s) => s.streaming.workP95),
          1,
        )}`,
    ),
    '',
  ]
  row('R1', 'longest frame, send → saved (ms)', (s) => s.wholeRun.max, 1, '(context)')
  row('R1', 'frames with the view > 48 px off the end, streaming', (s) => s.offBottom.frames, 0, '0')
  row('R2', 'frame cost at 100k / 1k chars per reply (×, fit)', (s) => s.commitCost.ratio, 2, '≤ 1.5')
  row('R3', 'open: data loaded → paint (ms)', (s) => s.open.dataToPaintMs, 0, '≤ 200')
  row('R3', 'open: click → paint (ms)', (s) => s.open.clickToPaintMs, 0, '(context)')
  row('R3', 'peak DOM nodes', (s) => s.peakNodes, 0, '≤ 5,000')
  row('R3', 'peak JS heap (MB)', (s) => s.peakHeapMB, 0, '≤ 250')
  row('R3', 'JS heap after streams + full GC (MB)', (s) => s.heapAfterGcMB, 0, '(context)')
  row('R4', 'keypress → paint p95 while streaming (ms)', (s) => s.keys.p95Ms, 0, '≤ 50')
  row('R4', 'keypress → paint p95, nothing streaming (ms)', (s) => s.keys.idleP95Ms, 0, '(floor)')
  row(
    'I1',
    'updates per run per second (max 60)',
    (s) => Math.max(...s.cadence.map((c) => c.updatesPerSecond)),
    1,
    '≤ ~60',
  )
  row(
    'I1',
    'update intervals < 8 ms (per run)',
    (s) => Math.max(...s.cadence.map((c) => c.intervalsUnder8ms)),
    0,
    '0',
  )
  rows.push([
    'R5',
    'initial JS gzip (KB)',
    ...throttles.map(() => String(round((bundle?.initialJsGzipBytes ?? NaN) / 1024, 1))),
    '≤ 300',
  ])
  rows.push([
    'R5',
    `cold load: first contentful paint (ms, median of ${COLD_LOADS})`,
    ...throttles.map((t) => String(round(median((cold[`${t}x`] ?? []).map((c) => c.fcpMs)), 0))),
    '≤ 300',
  ])
  rows.push([
    'R5',
    `cold load: app rendered, composer shown (ms, median of ${COLD_LOADS})`,
    ...throttles.map((t) => String(round(median((cold[`${t}x`] ?? []).map((c) => c.appMs)), 0))),
    '(context)',
  ])
  const allCorrect = summaries.every((s) => s.correct)
  rows.push([
    'check',
    'text shown = saved = sent = non-streamed',
    ...throttles.map((t) => (byThrottle(t).every((s) => s.correct) ? 'yes' : 'NO')),
    'yes',
  ])

  console.log('\n' + formatTable(rows))
  const worst = summaries.flatMap((s) => s.worstFrames.map((frame) => ({ throttle: s.throttle, ...frame })))
  worst.sort((a, b) => b.durationMs - a.durationMs)
  console.log('\nLongest animation frames (all runs):')
  for (const frame of worst.slice(0, 8)) {
    console.log(
      `  ${frame.throttle}× ${frame.at}: ${frame.durationMs.toFixed(0)} ms — ${frame.scripts.join('; ')}`,
    )
  }

  const outFile = path.resolve(ROOT, values.out)
  mkdirSync(path.dirname(outFile), { recursive: true })
  writeFileSync(
    outFile,
    JSON.stringify(
      {
        machine: {
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          memoryGB: round(os.totalmem() / 2 ** 30, 1),
          node: process.version,
          chromium: browser.version(),
          viewport: VIEWPORT,
        },
        options: { runs, throttles, streamTokens, tokens, thinking, gateway: GATEWAY_CONFIG },
        conversation: {
          tokens: fixture.tokens,
          tokensPerPane: fixture.tokensPerPane,
          messagesPerPane: fixture.messagesPerPane,
          bytes: fixture.bytes,
        },
        table: rows,
        bundle,
        coldLoads: cold,
        runs: summaries,
      },
      null,
      2,
    ),
  )
  console.log(`\nWrote ${path.relative(ROOT, outFile)}`)
  if (!allCorrect) {
    console.error('The text shown was NOT the text streamed in at least one run (see the JSON).')
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
