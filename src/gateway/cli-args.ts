import { parseArgs, type ParseArgsConfig } from 'node:util'
import { isLoopbackHost } from '@shared/http/loopback-host'

export type GatewayCliArgs = {
  help: boolean
  port: number
  host: string
  hostExplicit: boolean
  key: string | undefined
  config: string | undefined
  faultInjection: boolean
  ttftMs: number | undefined
  tokensPerSecond: number | undefined
  /** `--record <dir>`: cassettes of every proxied exchange. */
  record: string | undefined
  /** `--replay <dir>` with its speed and what a miss does. */
  replay: { dir: string; speed: number | 'instant'; onMiss: OnMiss } | undefined
}

const ON_MISS = ['error', 'simulate', 'proxy'] as const
type OnMiss = (typeof ON_MISS)[number]

export const DEFAULT_PORT = 8787
export const DEFAULT_HOST = '127.0.0.1'

/** Every flag the CLI takes; the usage text below must mention each one (a test checks it). */
export const GATEWAY_CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h', default: false },
  port: { type: 'string' },
  host: { type: 'string' },
  key: { type: 'string' },
  config: { type: 'string' },
  'no-fault-injection': { type: 'boolean', default: false },
  'ttft-ms': { type: 'string' },
  'tokens-per-second': { type: 'string' },
  record: { type: 'string' },
  replay: { type: 'string' },
  'replay-speed': { type: 'string' },
  'on-miss': { type: 'string' },
} as const satisfies ParseArgsConfig['options']

export const GATEWAY_USAGE = `Usage: npm run gateway -- [options]

Runs the local model gateway: the catalog and both chat dialects of the service spec, on loopback.

Options:
  --port <n>               Port to listen on (default ${DEFAULT_PORT}; 0 picks a free port and prints it).
  --host <addr>            Address to bind (default ${DEFAULT_HOST}). Anything but loopback exposes the
                           gateway to your network; a warning is printed.
  --key <key>              API key clients must present. Default: $MODEL_GATEWAY_API_KEY, else a
                           random key generated at start and printed.
  --config <file.json>     Gateway config: engine per model (simulator | proxy), simulator pacing,
                           limits. See docs/gateway.md.
  --ttft-ms <n>            Simulator time to first token in ms (overrides the config).
  --tokens-per-second <n>  Simulator output speed (overrides the config).
  --no-fault-injection     Ignore the x-simulate request header.
  --record <dir>           Write a cassette of every proxied exchange into <dir> (docs/cassettes.md).
  --replay <dir>           Serve every model from the cassettes in <dir>.
  --replay-speed <s>       1 (the recorded pace, default), a number n (n times faster), or instant.
  --on-miss <what>         A request no cassette matches: error (default; names the closest cassette),
                           simulate (the simulator answers), proxy (the model's proxy in --config).
  -h, --help               Show this help.

Routes (base URL http://127.0.0.1:<port>/v1; every route needs the key):
  POST /v1/chat/completions  chat-completions dialect (Authorization: Bearer <key>)
  POST /v1/messages          messages dialect (x-api-key: <key> or Bearer; anthropic-version required)
  GET  /v1/models            model list (Anthropic shape when anthropic-version is sent)
  GET  /v1/catalog           { "models": [ <catalog record>, ... ] }
  GET  /v1/catalog/<id>      { "model": <record> } by catalog id or model name
`

export function parseGatewayArgs(argv: string[]): GatewayCliArgs {
  const { values } = parseArgs({
    args: argv,
    options: GATEWAY_CLI_OPTIONS,
    strict: true,
    allowPositionals: false,
  })
  return {
    help: values.help,
    port: values.port === undefined ? DEFAULT_PORT : integerFlag('--port', values.port, 0, 65535),
    host: values.host ?? DEFAULT_HOST,
    hostExplicit: values.host !== undefined,
    key: values.key,
    config: values.config,
    faultInjection: !values['no-fault-injection'],
    ttftMs:
      values['ttft-ms'] === undefined ? undefined : integerFlag('--ttft-ms', values['ttft-ms'], 0, 60_000),
    tokensPerSecond:
      values['tokens-per-second'] === undefined
        ? undefined
        : integerFlag('--tokens-per-second', values['tokens-per-second'], 1, 1_000_000),
    record: values.record,
    replay: replayFlags(values.replay, values['replay-speed'], values['on-miss']),
  }
}

function replayFlags(
  dir: string | undefined,
  speed: string | undefined,
  onMiss: string | undefined,
): GatewayCliArgs['replay'] {
  if (dir === undefined) {
    if (speed !== undefined || onMiss !== undefined)
      throw new Error('--replay-speed and --on-miss go with --replay <dir>.')
    return undefined
  }
  return { dir, speed: speed === undefined ? 1 : replaySpeed(speed), onMiss: onMissFlag(onMiss ?? 'error') }
}

/** `1`, `2.5`, `instant`: the recorded pace, n times faster, or no waits. */
function replaySpeed(raw: string): number | 'instant' {
  if (raw === 'instant') return 'instant'
  const value = Number(raw)
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0) || value > 10_000) {
    throw new Error(
      `--replay-speed must be instant or a number above 0, at most 10000 (got ${JSON.stringify(raw)}).`,
    )
  }
  return value
}

function onMissFlag(raw: string): OnMiss {
  const found = ON_MISS.find((value) => value === raw)
  if (found === undefined)
    throw new Error(`--on-miss must be one of ${ON_MISS.join(', ')} (got ${JSON.stringify(raw)}).`)
  return found
}

function integerFlag(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)}).`)
  }
  return value
}

/** What the CLI prints before binding `host`; undefined for loopback (the default). */
export function hostWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined
  const everywhere = host === '0.0.0.0' || host === '::' || host === '[::]'
  return (
    `WARNING: binding ${host}${everywhere ? ' (every network interface)' : ''}, not loopback: anyone who can ` +
    `reach this address and knows the key can use the gateway. Omit --host to stay on ${DEFAULT_HOST}.`
  )
}
