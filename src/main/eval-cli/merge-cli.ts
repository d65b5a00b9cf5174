import { parseArgs } from 'node:util'
import { mergeShardRuns } from '@shared/eval/run/merge-shards'
import { parseRunJson, runToJson } from '@shared/eval/run/export-json'
import { runToJunitXml } from '@shared/eval/run/export-junit'
import { writeHtmlReport } from '@shared/eval/report'
import { EvalUsageError } from './eval-args'
import { runSummary } from './eval-cli-report'
import { badInputAsExit, EXIT_FAILED, EXIT_PASSED, type EvalCliIo } from './eval-cli-io'

/**
 * `npm run eval -- merge <part.json>… [--json file] [--junit file] [--html file]`: the results files of a sharded
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
    const parts = []
    for (const file of positionals) parts.push({ file, run: parseRunJson(await io.readFile(file), file) })
    return { run: mergeShardRuns(parts), json: values.json, junit: values.junit, html: values.html }
  })
  if (typeof result === 'number') return result
  const { run, json, junit, html } = result
  if (junit !== undefined) await io.writeChunks(junit, [runToJunitXml(run)])
  if (json !== undefined) await io.writeChunks(json, [runToJson(run)])
  if (html !== undefined) await io.writeChunks(html, [writeHtmlReport(run)])
  io.stdout(runSummary(run, undefined))
  return run.status === 'finished' && run.cells.every((cell) => cell.passed) ? EXIT_PASSED : EXIT_FAILED
}
