import { parseArgs, type ParseArgsConfig } from 'node:util'
import { DIALECT_IDS, type DialectId } from '@shared/chat/chat-request'
import { SEED_MODELS } from '@shared/catalog'
import type { EvalTarget } from '@shared/eval/run/eval-run-types'
import { EVAL_SCALE_OPTIONS, EVAL_SCALE_USAGE, parseScaleArgs, type EvalScaleArgs } from './eval-scale-args'

export type EvalCliArgs = {
  help: boolean
  printSchema: boolean
  setFile: string | undefined
  targets: EvalTarget[]
  graderTarget: EvalTarget | undefined
  concurrency: number
  junit: string | undefined
  json: string | undefined
  compare: string | undefined
  /** Env var holding the key of remote targets. */
  keyEnv: string
  ttftMs: number | undefined
  tokensPerSecond: number | undefined
  /** `--record <dir>` / `--replay <dir>`: every cell's exchange to or from cassettes (docs/cassettes.md). */
  cassettes: { mode: 'record' | 'replay'; dir: string } | undefined
  /** Sharding, journal, resume, HTML (eval-scale-args.ts). */
  scale: EvalScaleArgs
  /** Whether --target was given (a resumed run keeps its own targets). */
  targetsGiven: boolean
}

/** The connection name of targets served by the in-process local gateway. */
export const LOCAL_CONNECTION = 'local'
const DEFAULT_KEY_ENV = 'MODEL_GATEWAY_API_KEY'

export const EVAL_CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h', default: false },
  'print-schema': { type: 'boolean', default: false },
  target: { type: 'string', multiple: true },
  'grader-target': { type: 'string' },
  concurrency: { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  compare: { type: 'string' },
  'key-env': { type: 'string' },
  'ttft-ms': { type: 'string' },
  'tokens-per-second': { type: 'string' },
  record: { type: 'string' },
  replay: { type: 'string' },
  ...EVAL_SCALE_OPTIONS,
} as const satisfies ParseArgsConfig['options']

export const EVAL_USAGE = `Usage: npm run eval -- <set-file> [options]
       npm run eval -- merge <part.json>… [--json file] [--junit file] [--html file]

Runs a test set (JSON or YAML, docs/eval.md) over targets and grades every cell. Progress goes to
stderr, totals and failures to stdout. Exit code: 0 all cells passed, 1 a cell failed, 2 bad input.
\`merge\` combines the parts of a sharded run (docs/eval.md, "Sharded runs").

Options:
  --target <spec>         A target, repeatable: <dialect>:<model>[@<base_url>]. Dialect: openai-chat
                          (or openai), anthropic-messages (or anthropic). Without @<base_url> the
                          target is the local gateway, started in-process on loopback with its
                          simulator. Default: both dialects × both catalog models, locally.
  --grader-target <spec>  Where rubric graders ask for a verdict (default: the first target).
  --concurrency <n>       Cells at once (default 4, 1–64).
  --junit <file>          Write JUnit XML (for CI).
  --json <file>           Write the results as JSON (re-usable with --compare).
  --compare <file>        A previous --json result: regressions (passed before, fail now) are listed.
  --key-env <NAME>        Env var with the key for targets with a base URL (default ${DEFAULT_KEY_ENV}).
  --ttft-ms <n>           Local gateway simulator: time to first token in ms.
  --tokens-per-second <n> Local gateway simulator: output speed.
  --record <dir>          Record every cell's exchange as a cassette in <dir> (docs/cassettes.md).
  --replay <dir>          Serve every cell from the cassettes in <dir>, with no network; a cell
                          without a cassette fails, saying so.
${EVAL_SCALE_USAGE}  --print-schema          Print the JSON Schema of test-set files and exit.
  -h, --help              Show this help.
`

const DIALECT_ALIASES: Record<string, DialectId> = {
  openai: 'openai-chat',
  anthropic: 'anthropic-messages',
  ...Object.fromEntries(DIALECT_IDS.map((id) => [id, id])),
}

export class EvalUsageError extends Error {}

/** `openai-chat:model`, `anthropic:model@https://host/v1` → a target with a stable id. */
export function parseTargetSpec(spec: string): EvalTarget {
  const match = /^([a-z-]+):([^@\s]+)(?:@(\S+))?$/.exec(spec)
  const dialect = match ? DIALECT_ALIASES[match[1] as string] : undefined
  if (match === null || dialect === undefined) {
    throw new EvalUsageError(
      `--target ${JSON.stringify(spec)}: write <dialect>:<model>[@<base_url>] with dialect ${Object.keys(DIALECT_ALIASES).join(', ')}`,
    )
  }
  const model = match[2] as string
  const baseUrl = match[3]
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) {
    throw new EvalUsageError(
      `--target ${JSON.stringify(spec)}: the base URL must start with http:// or https://`,
    )
  }
  const connection = baseUrl ?? LOCAL_CONNECTION
  const id = baseUrl === undefined ? `${dialect}:${model}` : `${dialect}:${model}@${baseUrl}`
  return { id, label: id, connection, model, dialect }
}

/** Both dialects × both catalog models, against the local gateway. */
function defaultTargets(): EvalTarget[] {
  return SEED_MODELS.flatMap((model) =>
    DIALECT_IDS.map((dialect) => parseTargetSpec(`${dialect}:${model.name}`)),
  )
}

function integerFlag(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new EvalUsageError(
      `${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`,
    )
  }
  return value
}

export function parseEvalArgs(argv: string[]): EvalCliArgs {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: EVAL_CLI_OPTIONS, strict: true, allowPositionals: true })
  } catch (error) {
    throw new EvalUsageError(error instanceof Error ? error.message : String(error), { cause: error })
  }
  const { values, positionals } = parsed
  if (positionals.length > 1)
    throw new EvalUsageError(`one set file, got ${positionals.length}: ${positionals.join(' ')}`)
  const targets = (values.target ?? []).map(parseTargetSpec)
  return {
    help: values.help,
    printSchema: values['print-schema'],
    setFile: positionals[0],
    targets: targets.length > 0 ? targets : defaultTargets(),
    graderTarget:
      values['grader-target'] === undefined ? undefined : parseTargetSpec(values['grader-target']),
    concurrency: integerFlag('--concurrency', values.concurrency, 1, 64) ?? 4,
    junit: values.junit,
    json: values.json,
    compare: values.compare,
    keyEnv: values['key-env'] ?? DEFAULT_KEY_ENV,
    ttftMs: integerFlag('--ttft-ms', values['ttft-ms'], 0, 60_000),
    tokensPerSecond: integerFlag('--tokens-per-second', values['tokens-per-second'], 1, 1_000_000),
    cassettes: cassetteFlags(values.record, values.replay),
    scale: parseScaleArgs(values, (message) => new EvalUsageError(message)),
    targetsGiven: targets.length > 0,
  }
}

function cassetteFlags(record: string | undefined, replay: string | undefined): EvalCliArgs['cassettes'] {
  if (record !== undefined && replay !== undefined)
    throw new EvalUsageError('--record and --replay: one or the other')
  if (record !== undefined) return { mode: 'record', dir: record }
  return replay === undefined ? undefined : { mode: 'replay', dir: replay }
}
