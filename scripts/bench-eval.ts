import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { resolveGatewayConfig, startGateway } from '@gateway'
import { SEED_MODELS } from '@shared/catalog'
import { median } from './bench/stats'

/**
 * `npm run bench:eval [-- --sizes 1000,5000,20000 --rounds 2 --concurrency 16 --promptfoo 0.121.20]`:
 * `npm run eval` beside promptfoo on the same cases, the same gateway and the same concurrency, in
 * interleaved rounds (the order alternates each round). One local gateway (simulator, loopback,
 * 3,000 tokens/s) runs in this process for both; each tool is a child process timed from spawn to
 * exit, its peak RSS from /usr/bin/time. Cells = cases × 2 targets (both catalog models on Chat
 * Completions), graded by `contains` and `regex` in both tools. promptfoo is installed into a
 * temporary folder (never a dependency) unless `--promptfoo none`. Prints figures; asserts nothing.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,5000,20000' },
    rounds: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '16' },
    promptfoo: { type: 'string', default: '0.121.20' },
  },
})
const SIZES = values.sizes.split(',').map(Number)
const ROUNDS = Number(values.rounds)
const CONCURRENCY = Number(values.concurrency)
const MODELS = SEED_MODELS.slice(0, 2).map((m) => m.name)

type Sample = { seconds: number; rssMb: number; code: number }

/** Runs a command to its end: wall time, and peak RSS from GNU time's `%M` (KiB) on the last stderr line. */
function measure(command: string[], env: Record<string, string>, cwd: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('/usr/bin/time', ['-f', 'PEAK_RSS_KIB %M', ...command], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000)
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000
      const kib = /PEAK_RSS_KIB (\d+)/.exec(stderr)?.[1]
      if (kib === undefined)
        reject(new Error(`no RSS figure from ${command.join(' ')}: ${stderr.slice(-2000)}`))
      else resolve({ seconds, rssMb: Number(kib) / 1024, code: code ?? -1 })
    })
  })
}

/** The same cases twice over: our set file and promptfoo's config. */
async function writeSuites(
  dir: string,
  cases: number,
  baseUrl: string,
): Promise<{ set: string; config: string }> {
  const rows = Array.from({ length: cases }, (_, i) => ({ n: String(i), topic: `topic ${i % 37}` }))
  const set = {
    format: 'model-gateway-test-set',
    version: 1,
    name: 'bench',
    prompt: {
      messages: [{ role: 'user', content: 'Case {{n}}: describe {{topic}}.' }],
      params: { temperature: 0 },
    },
    graders: [
      { type: 'contains', value: 'simulated' },
      { type: 'regex', pattern: 'Case \\d+' },
    ],
    cases: rows.map((vars, i) => ({ id: `c${i}`, vars })),
  }
  const config = {
    description: 'bench',
    prompts: ['Case {{n}}: describe {{topic}}.'],
    providers: MODELS.map((model) => ({
      id: `openai:chat:${model}`,
      config: { apiBaseUrl: baseUrl, apiKeyEnvar: 'BENCH_GATEWAY_KEY', temperature: 0 },
    })),
    defaultTest: {
      assert: [
        { type: 'contains', value: 'simulated' },
        { type: 'regex', value: 'Case \\d+' },
      ],
    },
    tests: rows.map((vars) => ({ vars })),
  }
  const paths = { set: join(dir, `bench-${cases}.json`), config: join(dir, `promptfooconfig-${cases}.json`) }
  await writeFile(paths.set, JSON.stringify(set))
  await writeFile(paths.config, JSON.stringify(config))
  return paths
}

async function installPromptfoo(version: string, dir: string): Promise<string> {
  const bin = join(dir, 'node_modules', '.bin', 'promptfoo')
  if (existsSync(bin)) return bin
  console.log(`installing promptfoo@${version} into ${dir} (once)…`)
  await new Promise<void>((resolve, reject) => {
    const npm = spawn(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', `promptfoo@${version}`, '--prefix', dir],
      {
        stdio: 'inherit',
      },
    )
    npm.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm install exited ${code}`))))
  })
  return bin
}

const work = await mkdtemp(join(tmpdir(), 'bench-eval-'))
const promptfooDir = join(tmpdir(), `bench-eval-promptfoo-${values.promptfoo}`)
await mkdir(promptfooDir, { recursive: true })
const promptfoo =
  values.promptfoo === 'none' ? undefined : await installPromptfoo(values.promptfoo, promptfooDir)
const key = `sk-bench-${randomBytes(18).toString('base64url')}`
const base = resolveGatewayConfig()
const gateway = await startGateway({
  apiKey: key,
  port: 0,
  config: { ...base, simulator: { ...base.simulator, ttftMs: 0, tokensPerSecond: 3000 } },
})
const baseUrl = gateway.baseUrl
console.log(
  `gateway ${baseUrl}; concurrency ${CONCURRENCY}; ${ROUNDS} interleaved rounds; models ${MODELS.join(', ')}`,
)

try {
  for (const cells of SIZES) {
    const suites = await writeSuites(work, cells / 2, baseUrl)
    const ours = () =>
      measure(
        [
          process.execPath,
          '--import',
          'tsx',
          'src/main/eval-cli/cli.ts',
          suites.set,
          ...MODELS.map((m) => ['--target', `openai-chat:${m}@${baseUrl}`]).flat(),
          '--key-env',
          'BENCH_GATEWAY_KEY',
          '--concurrency',
          String(CONCURRENCY),
          '--json',
          join(work, 'ours.json'),
        ],
        { BENCH_GATEWAY_KEY: key },
        ROOT,
      )
    const theirs = () =>
      measure(
        [
          process.execPath,
          promptfoo as string,
          'eval',
          '-c',
          suites.config,
          '--max-concurrency',
          String(CONCURRENCY),
          '--no-cache',
          '--no-table',
          '--no-progress-bar',
          '--no-write',
          '-o',
          join(work, 'theirs.json'),
        ],
        {
          BENCH_GATEWAY_KEY: key,
          PROMPTFOO_DISABLE_TELEMETRY: '1',
          PROMPTFOO_DISABLE_UPDATE: '1',
          PROMPTFOO_CACHE_ENABLED: 'false',
          PROMPTFOO_CONFIG_DIR: join(work, 'promptfoo-home'),
        },
        work,
      )
    const ourSamples: Sample[] = []
    const theirSamples: Sample[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const order = promptfoo === undefined ? [ours] : round % 2 === 0 ? [ours, theirs] : [theirs, ours]
      for (const run of order) {
        const sample = await run()
        ;(run === ours ? ourSamples : theirSamples).push(sample)
        console.log(
          `  ${cells} cells, round ${round + 1}, ${run === ours ? 'npm run eval' : 'promptfoo'}: ${sample.seconds.toFixed(1)} s, ${sample.rssMb.toFixed(0)} MB peak RSS (exit ${sample.code})`,
        )
      }
    }
    report(cells, ourSamples, theirSamples)
  }
} finally {
  await gateway.close()
  await rm(work, { recursive: true, force: true })
}

function report(cells: number, ours: Sample[], theirs: Sample[]): void {
  const time = median(ours.map((s) => s.seconds))
  const rss = Math.max(...ours.map((s) => s.rssMb))
  let line = `${cells} cells: npm run eval ${time.toFixed(1)} s (median), ${rss.toFixed(0)} MB peak RSS`
  if (theirs.length > 0) {
    const theirTime = median(theirs.map((s) => s.seconds))
    const theirRss = Math.max(...theirs.map((s) => s.rssMb))
    line += `; promptfoo ${theirTime.toFixed(1)} s, ${theirRss.toFixed(0)} MB; ratio time ${(time / theirTime).toFixed(2)}×, RSS ${(rss / theirRss).toFixed(2)}×`
  }
  console.log(line)
}
