import { randomBytes } from 'node:crypto'
import { loadGatewayConfigFile, resolveGatewayConfig, startGateway, type RunningGateway } from '@gateway'
import type { RegexTester } from '@shared/eval/graders/regex-guard'
import type { EvalTarget } from '@shared/eval/run/eval-run-types'
import type { ExecuteCell } from '@shared/eval/run/run-evaluation'
import type { Profile } from '@shared/settings/settings-schema'
import { openCassetteLibrary } from '@node/cassettes/cassette-library'
import { createTargetResolver } from '../app/target-resolver'
import { createCatalogLoader } from '../services/catalog/catalog-loader'
import { createRegistryCellExecutor } from '../services/eval/registry-cell-executor'
import { createRecordingFetch } from '../services/cassettes/recording-fetch'
import { createReplayingFetch } from '../services/cassettes/replaying-fetch'
import { createVmRegexTester } from '../services/eval/vm-regex-tester'
import { GATEWAY_CONFIG_ENV } from '../services/local-gateway/start-local-gateway'
import { createLogger, type Logger } from '../services/log/logger'
import type { RunTarget } from '../services/runs/run-registry-options'
import { LOCAL_CONNECTION, type EvalCliArgs } from './eval-args'

export type EvalCliServices = {
  execute: ExecuteCell
  testRegex: RegexTester
  /** The in-process local gateway's base URL, when a target needs it. */
  localGatewayUrl: string | undefined
  /** Cancels the cells still running and stops the local gateway. */
  close(): Promise<void>
}

type LocalSimulator = { ttftMs: number | undefined; tokensPerSecond: number | undefined }

const QUIET_LOGGER: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined }

/**
 * The eval CLI's composition root, as src/main/app/create-app-services.ts is the app's: the services a
 * headless evaluation needs, made the app's way. Cells run on the run registry (the app's dialect
 * layer, retries, timeouts, points and redaction); each `--target` connection resolves like a
 * profile: `local` is the local gateway, started in-process with a fresh random key known only to this
 * process, and a base URL takes the key from the environment. Its catalog gives the points, as in the
 * app; the bundled records where it serves none.
 */
export async function createEvalCliServices(options: {
  /** Every target of the run, the grader's included. */
  targets: readonly EvalTarget[]
  /** The key of targets with a base URL (`--key-env`). */
  remoteKey: string | null
  /** The local gateway's simulator pacing, where the flags set it. */
  simulator: LocalSimulator
  env: Record<string, string | undefined>
  /** Where warnings and errors go, every key redacted. */
  writeLog: (line: string) => void
  /** `--record` / `--replay`: cells' exchanges to or from cassettes. */
  cassettes?: EvalCliArgs['cassettes']
}): Promise<EvalCliServices> {
  const gateway = options.targets.some((t) => t.connection === LOCAL_CONNECTION)
    ? await startGateway({
        apiKey: `sk-local-${randomBytes(24).toString('base64url')}`,
        port: 0,
        config: await localGatewayConfig(options.simulator, options.env),
      })
    : undefined
  const replay = options.cassettes?.mode === 'replay'
  // Replay sends nothing anywhere, so it needs no key; the run registry still wants one to build a request.
  const remoteKey = options.remoteKey ?? (replay ? 'replay-needs-no-key' : null)
  const secrets = [gateway?.apiKey, remoteKey].filter((k): k is string => typeof k === 'string' && k !== '')
  // main's log sink: it redacts the keys, Bearer tokens and credential headers at the sink.
  const sink = createLogger({ write: options.writeLog, secrets: () => secrets })
  // Per-run info lines would drown the progress; warnings (retries) and errors are worth seeing.
  const logger: Logger = { ...QUIET_LOGGER, warn: sink.warn, error: sink.error }
  const resolveTarget = connectionResolver(gateway, remoteKey, replay)
  const cassettes = cellFetch(options.cassettes, () => secrets, options.writeLog)
  const { execute, registry } = createRegistryCellExecutor({ resolveTarget, logger, fetch: cassettes.fetch })
  return {
    execute,
    testRegex: createVmRegexTester(),
    localGatewayUrl: gateway?.baseUrl,
    async close() {
      registry.cancelAll()
      await cassettes.settled()
      await gateway?.close()
    },
  }
}

/** The app's config file when PLAYGROUND_GATEWAY_CONFIG names one, with the flags' simulator pacing. */
async function localGatewayConfig(simulator: LocalSimulator, env: Record<string, string | undefined>) {
  const path = env[GATEWAY_CONFIG_ENV]
  const config = path ? await loadGatewayConfigFile(path) : resolveGatewayConfig()
  return {
    ...config,
    simulator: {
      ttftMs: simulator.ttftMs ?? config.simulator.ttftMs,
      tokensPerSecond: simulator.tokensPerSecond ?? config.simulator.tokensPerSecond,
    },
  }
}

/**
 * How cells reach their targets: over the network; over it with every exchange recorded (`--record`,
 * cassettes written before the run reports done); or from cassettes only (`--replay`).
 */
function cellFetch(
  cassettes: EvalCliArgs['cassettes'],
  secrets: () => readonly string[],
  report: (line: string) => void,
): { fetch: typeof fetch; settled: () => Promise<void> } {
  const network: typeof fetch = (input, init) => globalThis.fetch(input, init)
  if (cassettes === undefined) return { fetch: network, settled: async () => undefined }
  if (cassettes.mode === 'replay')
    return { fetch: createReplayingFetch(openCassetteLibrary(cassettes.dir)), settled: async () => undefined }
  return createRecordingFetch({ fetch: network, dir: cassettes.dir, secrets, recordedBy: 'eval', report })
}

/**
 * `resolveTarget` for connections: each resolved once (one catalog request per connection, however
 * many cells start at once). The CLI has always fallen back to the bundled records without a word,
 * so the catalog's warnings are not logged.
 */
function connectionResolver(
  gateway: RunningGateway | undefined,
  remoteKey: string | null,
  replay: boolean,
): (connection: string) => Promise<RunTarget> {
  const keyOf = (connection: string): string | null =>
    connection === LOCAL_CONNECTION ? (gateway as RunningGateway).apiKey : remoteKey
  const profileOf = (connection: string): Profile => {
    const local = connection === LOCAL_CONNECTION
    return {
      id: connection,
      name: local ? 'Local gateway' : connection,
      kind: local ? 'local' : 'remote',
      baseUrl: local ? (gateway as RunningGateway).baseUrl : connection,
      // Replay reaches no remote server, not even for its catalog: the bundled records give the points.
      catalogSource: replay && !local ? 'bundled' : 'gateway',
    }
  }
  const resolve = createTargetResolver({
    profile: profileOf,
    apiKey: (profile) => keyOf(profile.id),
    catalogs: createCatalogLoader({ logger: QUIET_LOGGER, apiKey: async (id) => keyOf(id) }),
  })
  const connections = new Map<string, Promise<RunTarget>>()
  return (connection) => {
    let target = connections.get(connection)
    if (target === undefined) {
      target = resolve(connection)
      connections.set(connection, target)
    }
    return target
  }
}
