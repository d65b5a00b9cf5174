import { parseArgs } from 'node:util'
import { mergeShardRuns } from '@shared/eval/run/merge-shards'
import { parseRunJson, runToJson } from '@shared/eval/run/export-json'
import { runToJunitXml } from '@shared/eval/run/export-junit'
import { EvalUsageError } from './eval-args'
import { runSummary } from './eval-cli-report'
import {
  badInputAsExit,
  EXIT_FAILED,
  EXIT_PASSED,
  HTML_REPORT_UNAVAILABLE,
  type EvalCliIo,
} from './eval-cli-io'

/**
 * `npm run eval -- merge <part.json>… [--json file] [--junit file]`: the results files of a sharded
 * run's parts (each `--shard i/n --json part-i.json`) as one run, with the totals, JUnit and exit code
 * an unsharded run would have had.
 */
export async function runMergeCli(argv: string[], io: EvalCliIo): Promise<number> {
  const result = await badInputAsExit(io, async () => {
    let parsed
    try {
      parsed = parseArgs({
        args: argv,
        options: { json: { type: 'string' }, junit: { type: 'string' }, html: { type: 'string' } },
        strict: true,
        allowPositionals: true,
      })
    } catch (error) {
      throw new EvalUsageError(error instanceof Error ? error.message : String(error), { cause: error })
    }
    const { values, positionals } = parsed
    if (positionals.length === 0) throw new EvalUsageError('merge: give the parts’ results files')
    if (values.html !== undefined) throw new EvalUsageError(HTML_REPORT_UNAVAILABLE)
    const parts = []
    for (const file of positionals) parts.push({ file, run: parseRunJson(await io.readFile(file), file) })
    return { run: mergeShardRuns(parts), json: values.json, junit: values.junit }
  })
  if (typeof result === 'number') return result
  const { run, json, junit } = result
  if (junit !== undefined) await io.writeChunks(junit, [runToJunitXml(run)])
  if (json !== undefined) await io.writeChunks(json, [runToJson(run)])
  io.stdout(runSummary(run, undefined))
  return run.status === 'finished' && run.cells.every((cell) => cell.passed) ? EXIT_PASSED : EXIT_FAILED
}
