import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway } from '@gateway/start-gateway'
import { createRegistryCellExecutor } from '@main/services/eval/registry-cell-executor'
import { createVmRegexTester } from '@main/services/eval/vm-regex-tester'
import type { CatalogModel } from '@shared/catalog'
import { runEvaluation } from '@shared/eval/run/run-evaluation'
import { runTotals } from '@shared/eval/run/run-totals'
import type { TestSet } from '@shared/eval/test-set-schema'
import { defaultTargets } from './eval/eval-args'

/**
 * `npm run bench:eval [-- cases concurrency]`: a 500-case × 4-target run (both dialects × both
 * models) through the eval core, the run registry and the in-process local gateway at 3,000 tokens/s.
 * Prints wall time, cells/s, the progress-event rate and heap/RSS peaks; asserts nothing.
 */
const CASES = Number(process.argv[2] ?? 500)
const CONCURRENCY = Number(process.argv[3] ?? 16)
const KEY = 'sk-bench-eval-key-0123456789abcdef'

const gateway = await startGateway({
  apiKey: KEY,
  config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 3000 } }),
})
const catalog = (
  (await (
    await fetch(`${gateway.baseUrl}/catalog`, { headers: { authorization: `Bearer ${KEY}` } })
  ).json()) as {
    models: CatalogModel[]
  }
).models
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
const { execute } = createRegistryCellExecutor({
  resolveTarget: async () => ({ baseUrl: gateway.baseUrl, apiKey: KEY, catalog }),
  logger: { info: () => undefined, warn: console.warn, error: console.error },
})

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
  execute,
  concurrency: CONCURRENCY,
  testRegex: createVmRegexTester(),
  onProgress: () => events++,
})
const seconds = (performance.now() - started) / 1000
clearInterval(sample)
await gateway.close()

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
