// `npm run gateway`: the local gateway on its own. Prints its base URL and key, stops on SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto'
import { GATEWAY_USAGE, isLoopbackHost, parseGatewayArgs } from './cli-args'
import { SIMULATE_HEADER_HELP } from './engines/simulator'
import { loadGatewayConfigFile, resolveGatewayConfig, type GatewayConfig } from './gateway-config'
import { startGateway } from './start-gateway'

async function main(): Promise<void> {
  let args
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
  config = {
    ...config,
    faultInjection: config.faultInjection && args.faultInjection,
    simulator: {
      ttftMs: args.ttftMs ?? config.simulator.ttftMs,
      tokensPerSecond: args.tokensPerSecond ?? config.simulator.tokensPerSecond,
    },
  }

  let keySource = '--key'
  let apiKey = args.key
  if (apiKey === undefined && process.env.MODEL_GATEWAY_API_KEY) {
    apiKey = process.env.MODEL_GATEWAY_API_KEY
    keySource = '$MODEL_GATEWAY_API_KEY'
  }
  if (apiKey === undefined) {
    apiKey = 'sk-local-' + randomBytes(18).toString('base64url')
    keySource = 'generated for this run'
  }

  if (!isLoopbackHost(args.host)) {
    process.stderr.write(
      `WARNING: binding ${args.host}, not loopback: anyone who can reach this address and knows the key can use the gateway.\n`,
    )
  }

  const gateway = await startGateway({ apiKey, port: args.port, host: args.host, config })
  process.stdout.write(
    [
      `Local model gateway listening.`,
      `  Base URL: ${gateway.baseUrl}`,
      `  Port:     ${gateway.port}`,
      `  API key:  ${apiKey}  (${keySource})`,
      `  Fault injection (x-simulate): ${config.faultInjection ? 'on' : 'off'}`,
      `Try: curl ${gateway.baseUrl}/models -H "Authorization: Bearer $MODEL_GATEWAY_API_KEY"`,
      `Stop with Ctrl+C.`,
      '',
    ].join('\n'),
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
