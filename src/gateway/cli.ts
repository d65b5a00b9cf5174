// `npm run gateway`: the local gateway on its own. Prints its base URL and key, stops on SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { GATEWAY_USAGE, hostWarning, parseGatewayArgs, type GatewayCliArgs } from './cli-args'
import { API_KEY_ENV_VAR, gatewayBanner, type KeySource } from './cli-banner'
import { SIMULATE_HEADER_HELP } from './engines/simulator'
import { loadGatewayConfigFile, resolveGatewayConfig, type GatewayConfig } from './gateway-config'
import { startGateway } from './start-gateway'
import { withCassetteFlags } from './cli-cassettes'
import { apiKeyProblem } from '@shared/settings/api-key'

async function main(): Promise<void> {
  let args: GatewayCliArgs
  try {
    args = parseGatewayArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${GATEWAY_USAGE}`)
    process.exit(2)
  }
  if (args.help) {
    process.stdout.write(`${GATEWAY_USAGE}\n${SIMULATE_HEADER_HELP}\n`)
    return
  }

  let config: GatewayConfig = args.config ? await loadGatewayConfigFile(args.config) : resolveGatewayConfig()
  try {
    config = withCassetteFlags(config, args)
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(2)
  }
  config = {
    ...config,
    faultInjection: config.faultInjection && args.faultInjection,
    simulator: {
      ttftMs: args.ttftMs ?? config.simulator.ttftMs,
      tokensPerSecond: args.tokensPerSecond ?? config.simulator.tokensPerSecond,
    },
  }

  let keySource: KeySource = 'flag'
  let apiKey = args.key
  const fromEnv = process.env[API_KEY_ENV_VAR]
  if (apiKey === undefined && fromEnv) {
    apiKey = fromEnv
    keySource = 'env'
  }
  if (apiKey === undefined) {
    apiKey = 'sk-local-' + randomBytes(18).toString('base64url')
    keySource = 'generated'
  }

  // Clients send the key in a header: one with whitespace or non-ASCII could never be presented.
  // The message names where it came from and what is wrong, never the key.
  const keyProblem = apiKeyProblem(apiKey)
  if (keyProblem !== undefined) {
    const where = keySource === 'flag' ? 'The --key value' : `$${API_KEY_ENV_VAR}`
    process.stderr.write(`${where} cannot be used as an API key. ${keyProblem}\n`)
    process.exit(2)
  }

  const warning = hostWarning(args.host)
  if (warning !== undefined) process.stderr.write(`${warning}\n`)

  const gateway = await startGateway({ apiKey, port: args.port, host: args.host, config })
  process.stdout.write(
    gatewayBanner({
      baseUrl: gateway.baseUrl,
      port: gateway.port,
      apiKey,
      keySource,
      faultInjection: config.faultInjection,
      configPath: args.config,
      record: config.record?.dir,
      replay: args.replay === undefined ? undefined : { ...args.replay, dir: resolve(args.replay.dir) },
    }),
  )

  let stopping = false
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return
    stopping = true
    process.stdout.write(`\n${signal} received, stopping the gateway.\n`)
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`Gateway failed to start: ${(error as Error).message}\n`)
  process.exit(1)
})
