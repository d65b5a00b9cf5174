import type { ParseArgsConfig } from 'node:util'
import { EVAL_LIMITS } from '@shared/eval/eval-limits'
import type { RunShard } from '@shared/eval/run/eval-run-types'

/**
 * The flags of runs that outgrow one machine or one process (issue 27): sharding, the journal and
 * resuming from it, the HTML report. Kept apart from
 * eval-args.ts so other flags and these are added without touching each other.
 */
export const EVAL_SCALE_OPTIONS = {
  shard: { type: 'string' },
  journal: { type: 'string' },
  resume: { type: 'string' },
  html: { type: 'string' },
} as const satisfies ParseArgsConfig['options']

export const EVAL_SCALE_USAGE = `  --shard <i/n>           Run only shard i of n (case k goes to shard k mod n + 1), for CI matrices;
                          combine the parts with \`npm run eval -- merge\`.
  --journal <file>        Write each cell to this file as it finishes (default: a file in the
                          temporary folder, removed when the run finishes; its path is printed).
  --resume <journal>      Go on with a stopped or crashed run from its journal: only the cells it
                          lacks are run. The set file may be left out (the journal holds it).
  --html <file>           Write a self-contained HTML report: grid, charts, failure reasons; no
                          network (docs/eval.md, "HTML report").
`

export type EvalScaleArgs = {
  shard: RunShard | undefined
  journal: string | undefined
  resume: string | undefined
  html: string | undefined
}

type ScaleValues = {
  shard?: string | undefined
  journal?: string | undefined
  resume?: string | undefined
  html?: string | undefined
}

/** `2/3` → shard 2 of 3; throws `usage` with the reason otherwise. */
function parseShardSpec(spec: string, usage: (message: string) => Error): RunShard {
  const match = /^(\d+)\/(\d+)$/.exec(spec)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (match === null || count < 1 || count > EVAL_LIMITS.shards || index < 1 || index > count) {
    throw usage(
      `--shard ${JSON.stringify(spec)}: write i/n with 1 ≤ i ≤ n ≤ ${EVAL_LIMITS.shards} (e.g. 2/3)`,
    )
  }
  return { index, count }
}

export function parseScaleArgs(values: ScaleValues, usage: (message: string) => Error): EvalScaleArgs {
  if (values.journal !== undefined && values.resume !== undefined)
    throw usage('--resume goes on writing the journal it names: leave out --journal')
  return {
    shard: values.shard === undefined ? undefined : parseShardSpec(values.shard, usage),
    journal: values.journal,
    resume: values.resume,
    html: values.html,
  }
}
