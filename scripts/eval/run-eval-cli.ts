import { randomBytes } from 'node:crypto'
import { loadGatewayConfigFile, resolveGatewayConfig, type GatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { createRegistryCellExecutor } from '@main/services/eval/registry-cell-executor'
import { createVmRegexTester } from '@main/services/eval/vm-regex-tester'
import { GATEWAY_CONFIG_ENV } from '@main/services/local-gateway/start-local-gateway'
import { createLogger, type Logger } from '@main/services/log/logger'
import type { RunTarget } from '@main/services/runs/run-registry-options'
import { buildCatalog, type CatalogModel } from '@shared/catalog'
import { EvalInputError } from '@shared/eval/eval-input-error'
import { compareRuns } from '@shared/eval/run/compare-runs'
import type { EvalProgress, EvalRun, EvalTarget } from '@shared/eval/run/eval-run-types'
import { parseRunJson, runToJson } from '@shared/eval/run/export-json'
import { runToJunitXml } from '@shared/eval/run/export-junit'
import { runEvaluation } from '@shared/eval/run/run-evaluation'
import { runTotals } from '@shared/eval/run/run-totals'
import { TemplateError } from '@shared/templates/template'
import { parseTestSetFile } from '@shared/eval/test-set-file'
import { testSetJsonSchema, type TestSet } from '@shared/eval/test-set-schema'
import { EVAL_USAGE, EvalUsageError, LOCAL_CONNECTION, parseEvalArgs, type EvalCliArgs } from './eval-args'

export type EvalCliIo = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  env: Record<string, string | undefined>
  readFile: (path: string) => Promise<string>
  writeFile: (path: string, text: string) => Promise<void>
  /** Aborts the run (SIGINT in the CLI): finished cells are reported, the rest are `skipped`. */
  signal?: AbortSignal
}

const EXIT_PASSED = 0
const EXIT_FAILED = 1
const EXIT_BAD_INPUT = 2

const seconds = (ms: number) => (ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`)

async function localGatewayConfig(args: EvalCliArgs, env: EvalCliIo['env']): Promise<GatewayConfig> {
  const path = env[GATEWAY_CONFIG_ENV]
  const config = path ? await loadGatewayConfigFile(path) : resolveGatewayConfig()
  return {
    ...config,
    simulator: {
      ttftMs: args.ttftMs ?? config.simulator.ttftMs,
      tokensPerSecond: args.tokensPerSecond ?? config.simulator.tokensPerSecond,
    },
  }
}

/** The catalog a gateway serves (for points), else the bundled records, as the app does. */
async function loadCatalog(baseUrl: string, apiKey: string | null): Promise<CatalogModel[]> {
  try {
    const response = await fetch(`${baseUrl}/catalog`, {
      headers: apiKey === null ? {} : { authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(10_000),
    })
    if (response.ok) {
      const body = (await response.json()) as { models?: CatalogModel[] }
      if (Array.isArray(body.models) && body.models.length > 0) return body.models
    }
  } catch {
    // Unreachable or no catalog: the bundled records give the points of the known models.
  }
  return buildCatalog({ baseUrl })
}

function progressLine(progress: EvalProgress, targets: readonly EvalTarget[]): string | undefined {
  const cell = progress.cell
  if (cell === undefined) return undefined
  const target = targets.find((t) => t.id === cell.targetId)
  const mark = cell.passed ? 'pass' : 'FAIL'
  const timing = cell.totalMs === undefined ? '' : ` ${seconds(cell.totalMs)}`
  const eta =
    progress.etaMs === undefined || progress.done === progress.total ? '' : `, ETA ${seconds(progress.etaMs)}`
  return `[${progress.done}/${progress.total}] ${mark} ${cell.caseId} × ${target?.label ?? cell.targetId}${timing}${eta}\n`
}

function summary(run: EvalRun, previous: EvalRun | undefined): string {
  const lines: string[] = [`${run.setName}: ${run.status}`]
  for (const totals of runTotals(run)) {
    const rate = `${Math.round(totals.passRate * 100)}%`
    const p = (v: number | undefined) => (v === undefined ? '–' : `${Math.round(v)} ms`)
    lines.push(
      `  ${totals.targetId}: ${totals.passed}/${totals.cells} passed (${rate}), total p50 ${p(totals.p50TotalMs)} p95 ${p(totals.p95TotalMs)}, TTFT p50 ${p(totals.p50TtftMs)}, ${totals.points} points`,
    )
  }
  const failed = run.cells.filter((cell) => !cell.passed)
  if (failed.length > 0) {
    lines.push('Failed cells:')
    for (const cell of failed) {
      lines.push(
        `  ${cell.caseId} × ${cell.targetId}${cell.state === 'completed' ? '' : ` (${cell.state}: ${cell.error ?? ''})`}`,
      )
      for (const grader of cell.graders.filter((g) => !g.passed))
        lines.push(`    ${grader.label}: ${grader.reason}`)
    }
  }
  if (previous !== undefined) {
    const comparison = compareRuns(previous, run)
    lines.push(
      `Compared with run ${previous.id}: ${comparison.regressions.length} regressions, ${comparison.fixes.length} fixes.`,
    )
    for (const r of comparison.regressions) lines.push(`  REGRESSION ${r.caseId} × ${r.targetId}`)
  }
  return `${lines.join('\n')}\n`
}

/** The eval CLI without the process: arguments in, exit code out (scripts/eval.ts wires the process). */
export async function runEvalCli(argv: string[], io: EvalCliIo): Promise<number> {
  let args: EvalCliArgs
  let set: TestSet
  let previous: EvalRun | undefined
  try {
    args = parseEvalArgs(argv)
    if (args.help) {
      io.stdout(EVAL_USAGE)
      return EXIT_PASSED
    }
    if (args.printSchema) {
      io.stdout(`${JSON.stringify(testSetJsonSchema(), null, 2)}\n`)
      return EXIT_PASSED
    }
    if (args.setFile === undefined) throw new EvalUsageError('give a test-set file (see --help)')
    set = parseTestSetFile(await io.readFile(args.setFile), args.setFile)
    if (args.compare !== undefined) previous = parseRunJson(await io.readFile(args.compare), args.compare)
  } catch (error) {
    if (error instanceof EvalUsageError || error instanceof EvalInputError) {
      io.stderr(`eval: ${error.message}\n`)
      return EXIT_BAD_INPUT
    }
    if ((error as { code?: string }).code === 'ENOENT') {
      io.stderr(`eval: ${(error as Error).message}\n`)
      return EXIT_BAD_INPUT
    }
    throw error
  }

  const allTargets = [...args.targets, ...(args.graderTarget ? [args.graderTarget] : [])]
  let gateway: RunningGateway | undefined
  if (allTargets.some((t) => t.connection === LOCAL_CONNECTION)) {
    // The local gateway's own key mechanism: a fresh random key, known only to this process.
    gateway = await startGateway({
      apiKey: `sk-local-${randomBytes(24).toString('base64url')}`,
      port: 0,
      config: await localGatewayConfig(args, io.env),
    })
    io.stderr(`eval: local gateway (simulator) on ${gateway.baseUrl}\n`)
  }
  const remoteKey = io.env[args.keyEnv] ?? null
  const connections = new Map<string, Promise<RunTarget>>()
  const resolveTarget = (connection: string): Promise<RunTarget> => {
    let target = connections.get(connection)
    if (target === undefined) {
      const baseUrl = connection === LOCAL_CONNECTION ? (gateway as RunningGateway).baseUrl : connection
      const apiKey = connection === LOCAL_CONNECTION ? (gateway as RunningGateway).apiKey : remoteKey
      target = loadCatalog(baseUrl, apiKey).then((catalog) => ({ baseUrl, apiKey, catalog }))
      connections.set(connection, target)
    }
    return target
  }
  const secrets = [gateway?.apiKey, remoteKey].filter((k): k is string => typeof k === 'string' && k !== '')
  // main's log sink: it redacts the keys, Bearer tokens and credential headers at the sink.
  const sink = createLogger({ write: (line) => io.stderr(`eval: ${line}\n`), secrets: () => secrets })
  // Per-run info lines would drown the progress; warnings (retries) and errors are worth seeing.
  const logger: Logger = { info: () => undefined, warn: sink.warn, error: sink.error }
  const { execute, registry } = createRegistryCellExecutor({ resolveTarget, logger })

  const controller = new AbortController()
  io.signal?.addEventListener('abort', () => controller.abort(), { once: true })
  try {
    const run = await runEvaluation({
      set,
      targets: args.targets,
      execute,
      concurrency: args.concurrency,
      testRegex: createVmRegexTester(),
      signal: controller.signal,
      ...(args.graderTarget === undefined ? {} : { graderTarget: args.graderTarget }),
      onProgress: (progress) => {
        const line = progressLine(progress, args.targets)
        if (line !== undefined) io.stderr(line)
      },
    })
    if (args.junit !== undefined) await io.writeFile(args.junit, runToJunitXml(run))
    if (args.json !== undefined) await io.writeFile(args.json, runToJson(run, previous))
    io.stdout(summary(run, previous))
    return run.status === 'finished' && run.cells.every((cell) => cell.passed) ? EXIT_PASSED : EXIT_FAILED
  } catch (error) {
    if (error instanceof TemplateError || error instanceof EvalInputError) {
      io.stderr(`eval: ${error.message}\n`)
      return EXIT_BAD_INPUT
    }
    throw error
  } finally {
    registry.cancelAll()
    await gateway?.close()
  }
}
