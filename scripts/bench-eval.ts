import { createEvalCliServices, defaultTargets } from '@main/eval-cli'
import { runEvaluation } from '@shared/eval/run/run-evaluation'
import { runTotals } from '@shared/eval/run/run-totals'
import type { TestSet } from '@shared/eval/test-set-schema'

/**
 * `npm run bench:eval [-- cases concurrency]`: a 500-case × 4-target run (both dialects × both
 * models) through the eval core, the run registry and the in-process local gateway at 3,000 tokens/s.
 * Prints wall time, cells/s, the progress-event rate and heap/RSS peaks; asserts nothing.
 */
const CASES = Number(process.argv[2] ?? 500)
const CONCURRENCY = Number(process.argv[3] ?? 16)
// The eval CLI's services: the local gateway in-process, its catalog, the run registry.
const services = await createEvalCliServices({
  targets: defaultTargets(),
  remoteKey: null,
  simulator: { ttftMs: 0, tokensPerSecond: 3000 },
  env: {},
  writeLog: (line) => console.warn(line),
})

const set: TestSet = {
  format: 'model-gateway-test-set',
  version: 1,
  name: 'bench',
  prompt: {
    messages: [{ role: 'user', content: 'Case {{n}}: describe {{topic}}.' }],
    params: { temperature: 0 },
  },
  graders: [
    { type: 'contains', value: 'Case' },
    { type: 'regex', pattern: 'simulat(ed|or)', flags: 'i' },
    { type: 'finish-reason', reason: 'stop' },
  ],
  cases: Array.from({ length: CASES }, (_, i) => ({
    id: `c${i}`,
    vars: { n: String(i), topic: `topic ${i % 37}` },
  })),
}
let peakHeap = 0
let peakRss = 0
const sample = setInterval(() => {
  const usage = process.memoryUsage()
  peakHeap = Math.max(peakHeap, usage.heapUsed)
  peakRss = Math.max(peakRss, usage.rss)
}, 100)
let events = 0
const started = performance.now()
const run = await runEvaluation({
  set,
  targets: defaultTargets(),
  execute: services.execute,
  concurrency: CONCURRENCY,
  testRegex: services.testRegex,
  onProgress: () => events++,
})
const seconds = (performance.now() - started) / 1000
clearInterval(sample)
await services.close()

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
console.log(
  `${run.cells.length} cells (${CASES} cases × 4 targets), concurrency ${CONCURRENCY}: ${seconds.toFixed(1)} s`,
)
console.log(
  `${(run.cells.length / seconds).toFixed(1)} cells/s, ${events} progress events, peak heap ${mb(peakHeap)}, peak RSS ${mb(peakRss)}`,
)
for (const t of runTotals(run)) {
  console.log(
    `  ${t.targetId}: ${t.passed}/${t.cells} passed, total p50 ${t.p50TotalMs?.toFixed(0)} ms p95 ${t.p95TotalMs?.toFixed(0)} ms, ${t.points} points`,
  )
}
