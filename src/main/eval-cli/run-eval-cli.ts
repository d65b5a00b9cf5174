import { EvalInputError } from '@shared/eval/eval-input-error'
import type { EvalRun } from '@shared/eval/run/eval-run-types'
import { parseRunJson, runToJson } from '@shared/eval/run/export-json'
import { runToJunitXml } from '@shared/eval/run/export-junit'
import { runEvaluation } from '@shared/eval/run/run-evaluation'
import { parseTestSetFile } from '@shared/eval/test-set-file'
import { testSetJsonSchema, type TestSet } from '@shared/eval/test-set-schema'
import { TemplateError } from '@shared/templates/template'
import { EVAL_USAGE, EvalUsageError, parseEvalArgs, type EvalCliArgs } from './eval-args'
import { progressLine, runSummary } from './eval-cli-report'
import { createEvalCliServices } from './eval-cli-services'

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

/** What a run needs from the command line and the files it names. */
type EvalInput = { args: EvalCliArgs; set: TestSet; previous: EvalRun | undefined }

/** The eval CLI without the process: arguments in, exit code out (cli.ts wires the process). */
export async function runEvalCli(argv: string[], io: EvalCliIo): Promise<number> {
  const input = await readInput(argv, io)
  return typeof input === 'number' ? input : evaluate(input, io)
}

/** The arguments and the files they name; an exit code when there is nothing to run (help, bad input). */
async function readInput(argv: string[], io: EvalCliIo): Promise<EvalInput | number> {
  try {
    const args = parseEvalArgs(argv)
    if (args.help) {
      io.stdout(EVAL_USAGE)
      return EXIT_PASSED
    }
    if (args.printSchema) {
      io.stdout(`${JSON.stringify(testSetJsonSchema(), null, 2)}\n`)
      return EXIT_PASSED
    }
    if (args.setFile === undefined) throw new EvalUsageError('give a test-set file (see --help)')
    const set = parseTestSetFile(await io.readFile(args.setFile), args.setFile)
    const previous =
      args.compare === undefined ? undefined : parseRunJson(await io.readFile(args.compare), args.compare)
    return { args, set, previous }
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
}

/** Runs the set over its targets: progress to stderr, the files asked for, the summary to stdout. */
async function evaluate({ args, set, previous }: EvalInput, io: EvalCliIo): Promise<number> {
  const services = await createEvalCliServices({
    targets: [...args.targets, ...(args.graderTarget ? [args.graderTarget] : [])],
    remoteKey: io.env[args.keyEnv] ?? null,
    simulator: { ttftMs: args.ttftMs, tokensPerSecond: args.tokensPerSecond },
    env: io.env,
    writeLog: (line) => io.stderr(`eval: ${line}\n`),
    cassettes: args.cassettes,
  })
  if (args.cassettes?.mode === 'replay')
    io.stderr(`eval: every cell from the cassettes in ${args.cassettes.dir}, no network\n`)
  else if (services.localGatewayUrl !== undefined)
    io.stderr(`eval: local gateway (simulator) on ${services.localGatewayUrl}\n`)
  if (args.cassettes?.mode === 'record')
    io.stderr(`eval: recording every cell's exchange into ${args.cassettes.dir}\n`)

  const controller = new AbortController()
  io.signal?.addEventListener('abort', () => controller.abort(), { once: true })
  try {
    const run = await runEvaluation({
      set,
      targets: args.targets,
      execute: services.execute,
      concurrency: args.concurrency,
      testRegex: services.testRegex,
      signal: controller.signal,
      ...(args.graderTarget === undefined ? {} : { graderTarget: args.graderTarget }),
      onProgress: (progress) => {
        const line = progressLine(progress, args.targets)
        if (line !== undefined) io.stderr(line)
      },
    })
    if (args.junit !== undefined) await io.writeFile(args.junit, runToJunitXml(run))
    if (args.json !== undefined) await io.writeFile(args.json, runToJson(run, previous))
    io.stdout(runSummary(run, previous))
    return run.status === 'finished' && run.cells.every((cell) => cell.passed) ? EXIT_PASSED : EXIT_FAILED
  } catch (error) {
    if (error instanceof TemplateError || error instanceof EvalInputError) {
      io.stderr(`eval: ${error.message}\n`)
      return EXIT_BAD_INPUT
    }
    throw error
  } finally {
    await services.close()
  }
}
