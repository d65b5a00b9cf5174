import { rm } from 'node:fs/promises'
import path from 'node:path'
import { EvalInputError } from '@shared/eval/eval-input-error'
import type { EvalRun, EvalRunHead } from '@shared/eval/run/eval-run-types'
import { parseRunJson } from '@shared/eval/run/export-json'
import { runEvaluation, type ResumePoint } from '@shared/eval/run/run-evaluation'
import { parseTestSetFile } from '@shared/eval/test-set-file'
import { testSetJsonSchema, type TestSet } from '@shared/eval/test-set-schema'
import { TemplateError } from '@shared/templates/template'
import { writeHtmlReport } from '@shared/eval/report'
import {
  indexRunJournal,
  journalCells,
  readRunJournal,
  type JournalIndex,
} from '../services/eval/journal/run-journal-reader'
import {
  createRunJournal,
  reopenRunJournal,
  type RunJournalWriter,
} from '../services/eval/journal/run-journal-writer'
import { EVAL_USAGE, EvalUsageError, parseEvalArgs, type EvalCliArgs } from './eval-args'
import { journalJsonChunks, journalJunitChunks } from './eval-cli-outputs'
import { createRunSummary, progressLine } from './eval-cli-report'
import { createEvalCliServices } from './eval-cli-services'
import { runMergeCli } from './merge-cli'
import { badInputAsExit, EXIT_BAD_INPUT, EXIT_FAILED, EXIT_PASSED, type EvalCliIo } from './eval-cli-io'

/** What a run needs from the command line and the files it names. */
type EvalInput = {
  args: EvalCliArgs
  set: TestSet
  previous: EvalRun | undefined
  /** A journal to go on with (--resume). */
  resumed: JournalIndex | undefined
}

/** The eval CLI without the process: arguments in, exit code out (cli.ts wires the process). */
export async function runEvalCli(argv: string[], io: EvalCliIo): Promise<number> {
  if (argv[0] === 'merge') return runMergeCli(argv.slice(1), io)
  const input = await badInputAsExit(io, () => readInput(argv, io))
  return typeof input === 'number' ? input : evaluate(input, io)
}

/** The arguments and the files they name; an exit code when there is nothing to run (help, schema). */
async function readInput(argv: string[], io: EvalCliIo): Promise<EvalInput | number> {
  const args = parseEvalArgs(argv)
  if (args.help) {
    io.stdout(EVAL_USAGE)
    return EXIT_PASSED
  }
  if (args.printSchema) {
    io.stdout(`${JSON.stringify(testSetJsonSchema(), null, 2)}\n`)
    return EXIT_PASSED
  }
  const previous =
    args.compare === undefined ? undefined : parseRunJson(await io.readFile(args.compare), args.compare)
  if (args.scale.resume !== undefined) return resumeInput(args, args.scale.resume, previous)
  if (args.setFile === undefined) throw new EvalUsageError('give a test-set file (see --help)')
  const set = parseTestSetFile(await io.readFile(args.setFile), args.setFile)
  return { args, set, previous, resumed: undefined }
}

/** --resume: the journal says what ran (set, targets, shard); the command line may not say otherwise. */
async function resumeInput(
  args: EvalCliArgs,
  file: string,
  previous: EvalRun | undefined,
): Promise<EvalInput> {
  if (args.targetsGiven || args.scale.shard !== undefined)
    throw new EvalUsageError(
      '--resume runs the journal’s own targets and shard: leave out --target and --shard',
    )
  const resumed = await indexRunJournal(file)
  if (resumed.head.set === undefined)
    throw new EvalInputError(`${file}: the journal does not hold its test set`)
  if (resumed.head.status === 'finished') throw new EvalInputError(`${file}: that run has finished`)
  const set = resumed.head.set
  const head = resumed.head
  return {
    args: { ...args, targets: head.targets, scale: { ...args.scale, shard: head.shard, journal: file } },
    set,
    previous,
    resumed,
  }
}

/** Runs the set over its targets: progress to stderr, the files asked for, the summary to stdout. */
async function evaluate(input: EvalInput, io: EvalCliIo): Promise<number> {
  const { args, set, resumed } = input
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
  let journal: RunJournalWriter | undefined
  try {
    const head = await runEvaluation({
      set,
      targets: args.targets,
      execute: services.execute,
      concurrency: args.concurrency,
      testRegex: services.testRegex,
      signal: controller.signal,
      ...(args.scale.shard === undefined ? {} : { shard: args.scale.shard }),
      ...(args.graderTarget === undefined ? {} : { graderTarget: args.graderTarget }),
      ...(resumed === undefined ? {} : { resume: resumePoint(resumed) }),
      begin(head) {
        journal = openJournal(head, args, io, resumed)
      },
      record: (cell) => journal?.record(cell),
      onProgress: (progress) => {
        const line = progressLine(progress, args.targets)
        if (line !== undefined) io.stderr(line)
      },
    })
    journal?.status(head.status, head.finishedAt ?? Date.now())
    journal?.close()
    return await report(head, (journal as RunJournalWriter).file, input, io)
  } catch (error) {
    journal?.close()
    if (error instanceof TemplateError || error instanceof EvalInputError) {
      io.stderr(`eval: ${error.message}\n`)
      return EXIT_BAD_INPUT
    }
    throw error
  } finally {
    await services.close()
  }
}

function resumePoint(resumed: JournalIndex): ResumePoint {
  return { id: resumed.head.id, startedAt: resumed.head.startedAt, cells: resumed.cells.values() }
}

/** A new journal (where --journal says, else the temporary folder), or the resumed one reopened. */
function openJournal(
  head: EvalRunHead,
  args: EvalCliArgs,
  io: EvalCliIo,
  resumed: JournalIndex | undefined,
): RunJournalWriter {
  if (resumed !== undefined) {
    const writer = reopenRunJournal(resumed.file)
    writer.status('running', Date.now())
    return writer
  }
  const file = args.scale.journal ?? path.join(io.tempDir, `eval-${head.id}-${process.pid}.jsonl`)
  io.stderr(`eval: journal ${file}\n`)
  try {
    return createRunJournal(file, head)
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    throw new EvalInputError(`${file} exists: go on with it with --resume, or name a new journal`)
  }
}

/** The files asked for and the summary, read back from the journal; the exit code. */
async function report(head: EvalRunHead, file: string, input: EvalInput, io: EvalCliIo): Promise<number> {
  const { args, previous } = input
  const index = await indexRunJournal(file)
  if (args.junit !== undefined) await io.writeChunks(args.junit, journalJunitChunks(index))
  if (args.json !== undefined) await io.writeChunks(args.json, journalJsonChunks(index, previous))
  // The report shows every cell in its grid, so it is the one output that reads the run whole.
  if (args.scale.html !== undefined) {
    const run = await readRunJournal(file)
    await io.writeChunks(args.scale.html, [writeHtmlReport(run, previous === undefined ? {} : { previous })])
  }
  const summary = createRunSummary(head, previous)
  let allPassed = true
  for await (const cell of journalCells(index)) {
    summary.add(cell)
    allPassed &&= cell.passed
  }
  io.stdout(summary.text(head.status))
  if (head.status !== 'finished') {
    io.stderr(`eval: stopped; go on with: npm run eval -- --resume ${file}\n`)
    return EXIT_FAILED
  }
  // A journal the user did not ask for is scaffolding: gone once the run is whole and reported.
  if (args.scale.journal === undefined) await rm(file, { force: true })
  return allPassed ? EXIT_PASSED : EXIT_FAILED
}
