import { parseArgs } from 'node:util'

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
}

export const GATEWAY_USAGE = `Usage: npm run gateway -- [options]

Runs the local model gateway: the catalog and both chat dialects of the service spec, on loopback.

Options:
  --port <n>               Port to listen on (default 8787; 0 picks a free port and prints it).
  --host <addr>            Address to bind (default 127.0.0.1). Anything but loopback exposes the
                           gateway to your network; a warning is printed.
  --key <key>              API key clients must present. Default: $MODEL_GATEWAY_API_KEY, else a
                           random key generated at start and printed.
  --config <file.json>     Gateway config: engine per model (simulator | proxy), simulator pacing,
                           limits. See README "Local gateway".
  --ttft-ms <n>            Simulator time to first token in ms (overrides the config).
  --tokens-per-second <n>  Simulator output speed (overrides the config).
  --no-fault-injection     Ignore the x-simulate request header.
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
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      port: { type: 'string' },
      host: { type: 'string' },
      key: { type: 'string' },
      config: { type: 'string' },
      'no-fault-injection': { type: 'boolean', default: false },
      'ttft-ms': { type: 'string' },
      'tokens-per-second': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  })
  return {
    help: values.help ?? false,
    port: values.port === undefined ? 8787 : integerFlag('--port', values.port, 0, 65535),
    host: values.host ?? '127.0.0.1',
    hostExplicit: values.host !== undefined,
    key: values.key,
    config: values.config,
    faultInjection: !(values['no-fault-injection'] ?? false),
    ttftMs:
      values['ttft-ms'] === undefined ? undefined : integerFlag('--ttft-ms', values['ttft-ms'], 0, 60_000),
    tokensPerSecond:
      values['tokens-per-second'] === undefined
        ? undefined
        : integerFlag('--tokens-per-second', values['tokens-per-second'], 1, 1_000_000),
  }
}

function integerFlag(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)}).`)
  }
  return value
}

export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}
