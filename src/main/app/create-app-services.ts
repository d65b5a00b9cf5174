import type { EventSink, InvokeHandlers } from '../ipc/dispatch'
import { createDomainHandlers } from './domain-handlers'
import type { ShellAbilities } from '../ipc/handlers/shell-abilities'
import { createCatalogLoader } from '../services/catalog/catalog-loader'
import { cassetteFolderPath } from '../services/cassettes/cassette-folder-path'
import { createReplayGateways, type ReplayGateways } from '../services/cassettes/replay-gateways'
import { createEvalService } from '../services/eval/eval-service'
import { maxConversationBytesFromEnv } from '../services/history/conversation-size-limit'
import { createHistoryService, type HistoryService } from '../services/history/history-service'
import { startLocalGateway, type LocalGateway } from '../services/local-gateway/start-local-gateway'
import type { Logger } from '../services/log/logger'
import { createKnownKeys } from './known-keys'
import { withRedactedErrors } from './redacting-handlers'
import { createTargetResolver } from './target-resolver'
import { createRunRegistry } from '../services/runs'
import { createServiceTokenCounter } from '../services/token-count/service-token-count'
import type { RunTarget } from '../services/runs/run-registry-options'
import { warmUpRuns } from '../services/runs/warm-up-runs'
import { LOCAL_PROFILE_ID, type Profile } from '@shared/settings/settings-schema'
import type { SecretStore } from '../services/secret-store'
import { createSettingsService } from '../services/settings/settings-service'

/** After a start, when the warm-up runs go (once the window has painted, before a first send). */
const WARM_UP_DELAY_MS = 1_000

export type AppServices = {
  handlers: InvokeHandlers
  logger: Logger
  /** The local gateway's base URL now (a restart may move it to another port). */
  readonly localGatewayUrl: string
  stop(): Promise<void>
}

/**
 * The composition root: main's services, created once and wired to the IPC contract, the same for
 * both shells. The handlers live per domain in src/main/ipc/handlers/; the keys stay in main: the
 * handlers hand the renderer `{ hasKey, storage, last4 }` and never a key.
 */
export async function createAppServices(options: {
  userDataDir: string
  secrets: SecretStore
  emit: EventSink
  abilities: ShellAbilities
  env?: Record<string, string | undefined>
  writeLog?: (line: string) => void
}): Promise<AppServices> {
  const env = options.env ?? process.env
  const { secrets, emit, abilities } = options
  const { logger, rememberKey, readKey, redactText, withoutKeys } = createKnownKeys({
    secrets,
    writeLog: options.writeLog ?? ((line) => process.stderr.write(line + '\n')),
  })

  const { local, replays } = await startGateways({ ...options, env, logger })
  rememberKey(local.apiKey)
  const cassetteFolder = (folder: string): string => cassetteFolderPath(options.userDataDir, folder)
  const settings = await createSettingsService({
    userDataDir: options.userDataDir,
    localProfile: local.profile,
    replayBaseUrl: replays.currentUrl,
  })
  const active = settings.profile(settings.activeProfileId())
  // The active replay profile's gateway starts with the app, as the local one does.
  if (active.kind === 'replay')
    void replays.baseUrl(active).catch((error: Error) => logger.warn(error.message))
  const history = await openHistory(options.userDataDir, env, logger)
  const catalogs = createCatalogLoader({ logger, apiKey: readKey })
  const resolveTarget = createTargetResolver({
    profile: (id) => settings.profile(id),
    apiKey: profileKey(local, readKey),
    catalogs,
    live: replays.live,
    cassetteFolder,
  })
  const runs = createRunRegistry({ logger, emit: (update) => emit('chat:update', update), resolveTarget })
  // The workbench's evaluations: their own registry (a run's cells are not chat runs), same targets.
  const evals = await createEvalService({
    userDataDir: options.userDataDir,
    logger,
    resolveTarget,
    emit: (event) => emit('eval:progress', event),
  })
  const quarantinedFiles = [...settings.quarantined(), ...history.quarantined()]
  for (const file of quarantinedFiles) logger.warn(`set aside a file that could not be loaded: ${file}`)

  const handlers = createDomainHandlers({
    abilities,
    emit,
    secrets,
    settings,
    history,
    catalogs,
    runs,
    evals,
    local,
    replays,
    cassetteFolder,
    countTokens: createServiceTokenCounter({ resolveTarget }),
    quarantinedFiles,
    keys: { rememberKey, readKey, withoutKeys },
  })

  const cancelWarmUp = scheduleWarmUp(resolveTarget, local.simulates)

  return {
    handlers: withRedactedErrors(handlers, redactText),
    logger,
    get localGatewayUrl() {
      return local.baseUrl()
    },
    async stop() {
      cancelWarmUp()
      runs.cancelAll()
      evals.cancelAll()
      await Promise.all([local.close(), replays.close()])
    },
  }
}

/**
 * The gateways main runs on loopback: the local one (its notices logged and sent to the window), and
 * the replay profiles' (started on demand, with the local gateway's key).
 */
async function startGateways(options: {
  secrets: SecretStore
  env: Record<string, string | undefined>
  emit: EventSink
  logger: Logger
  userDataDir: string
}): Promise<{ local: LocalGateway; replays: ReplayGateways }> {
  const { emit, logger } = options
  const local = await startLocalGateway({
    secrets: options.secrets,
    env: options.env,
    onNotice: (notice) => {
      logger.warn(notice.message)
      emit('app:notice', notice)
    },
    onBaseUrlChanged: () => emit('profiles:changed', undefined),
  })
  const replays = createReplayGateways({
    apiKey: local.apiKey,
    userDataDir: options.userDataDir,
    onStarted: () => emit('profiles:changed', undefined),
  })
  return { local, replays }
}

/**
 * The key a profile's runs send. The local gateway checks the key it was started with, which main
 * holds: a local run skips the keychain's round trip, a D-Bus call (one at a time) before each run of a
 * send (performance.md S1). A replay profile's gateway checks the same key.
 */
function profileKey(
  local: LocalGateway,
  readKey: (profileId: string) => Promise<string | null>,
): (profile: Profile) => Promise<string | null> | string {
  return (profile) => (profile.kind === 'remote' ? readKey(profile.id) : local.apiKey)
}

/**
 * A moment after the start, while the user finds their way: what the first send would otherwise
 * compile while they wait (warm-up-runs.ts). Returns what cancels it.
 */
function scheduleWarmUp(
  resolveTarget: (profileId: string) => Promise<RunTarget>,
  simulates: (model: string) => boolean,
): () => void {
  const warmUp = setTimeout(
    () => void warmUpRuns({ resolveTarget, profileId: LOCAL_PROFILE_ID, simulates }),
    WARM_UP_DELAY_MS,
  )
  warmUp.unref()
  return () => clearTimeout(warmUp)
}

/** The history service, with the conversation size cap the environment sets (a bad value: the default, said so). */
async function openHistory(
  userDataDir: string,
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<HistoryService> {
  const conversationCap = maxConversationBytesFromEnv(env)
  if (conversationCap.problem) logger.warn(`${conversationCap.problem} Using the default.`)
  return createHistoryService({
    userDataDir,
    ...(conversationCap.bytes === undefined ? {} : { maxConversationBytes: conversationCap.bytes }),
  })
}
