import { dialects } from '../../shared/dialects'
import { toCurl } from '../../shared/curl'
import { withSimulateHeader } from '../../shared/runs/simulate-header'
import { LOCAL_PROFILE_ID, isHttpUrl } from '../../shared/settings/settings-schema'
import { insecureBaseUrlWarning, keyRemovedNotice, urlOrigin } from '../../shared/settings/profile-origin'
import { UserFacingError, type EventSink, type InvokeHandlers } from '../ipc/handlers'
import { createCatalogLoader } from '../services/catalog/catalog-loader'
import { maxConversationBytesFromEnv } from '../services/history/conversation-size-limit'
import { createHistoryService } from '../services/history/history-service'
import { startLocalGateway } from '../services/local-gateway/start-local-gateway'
import { createLogger, type Logger } from '../services/log/logger'
import { createRedactor } from '../services/log/redact'
import { redactStrings } from '../../shared/redaction/redact-strings'
import { withRedactedErrors } from './redacting-handlers'
import { createRunRegistry } from '../services/runs'
import type { SecretStore } from '../services/secret-store'
import { createSettingsService } from '../services/settings/settings-service'

/** What differs between the Electron shell and browser mode. */
export type ShellAbilities = {
  shell: 'electron' | 'browser'
  version: string
  /** Writes the system clipboard (Electron). Browser mode has none: the key must not reach the page. */
  writeClipboard?: (text: string) => void
  /** Opens an http(s) URL in the system browser (Electron). */
  openExternal?: (url: string) => Promise<void>
}

export type AppServices = {
  handlers: InvokeHandlers
  logger: Logger
  /** The local gateway's base URL now (a restart may move it to another port). */
  readonly localGatewayUrl: string
  stop(): Promise<void>
}

/**
 * Main's services wired to the IPC contract, the same for both shells. The keys stay here: the
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
  // Keys the redactor must recognise: every key main has read, for as long as it runs.
  const knownKeys = new Set<string>()
  const rememberKey = (key: string | null): string | null => {
    if (key) knownKeys.add(key)
    return key
  }
  const logger = createLogger({
    write: options.writeLog ?? ((line) => process.stderr.write(line + '\n')),
    secrets: () => [...knownKeys],
  })
  // Keys in conversations (a key pasted into a prompt): history files and exports never hold one.
  // Key-only redaction: a conversation that merely says "Bearer" stays as written.
  // The redactor keeps one matcher until the set of keys changes.
  const { redactText, redactKeys } = createRedactor(() => [...knownKeys])
  const withoutKeys = <T>(value: T): T => (knownKeys.size === 0 ? value : redactStrings(value, redactKeys))
  const readKey = async (profileId: string): Promise<string | null> =>
    rememberKey(await secrets.get(profileId))

  const local = await startLocalGateway({
    secrets,
    env,
    onNotice: (notice) => {
      logger.warn(notice.message)
      emit('app:notice', notice)
    },
    onBaseUrlChanged: () => emit('profiles:changed', undefined),
  })
  rememberKey(local.apiKey)
  const settings = await createSettingsService({
    userDataDir: options.userDataDir,
    localProfile: local.profile,
  })
  const conversationCap = maxConversationBytesFromEnv(env)
  if (conversationCap.problem) logger.warn(`${conversationCap.problem} Using the default.`)
  const history = await createHistoryService({
    userDataDir: options.userDataDir,
    ...(conversationCap.bytes === undefined ? {} : { maxConversationBytes: conversationCap.bytes }),
  })
  const catalogs = createCatalogLoader({ logger, apiKey: readKey })
  const runs = createRunRegistry({
    logger,
    emit: (update) => emit('chat:update', update),
    resolveTarget: async (profileId) => {
      const profile = settings.profile(profileId)
      const [apiKey, catalog] = await Promise.all([readKey(profileId), catalogs.get(profile)])
      return { baseUrl: profile.baseUrl, apiKey, catalog: catalog.models }
    },
  })
  const quarantinedFiles = [...settings.quarantined(), ...history.quarantined()]
  for (const file of quarantinedFiles) logger.warn(`set aside a file that could not be loaded: ${file}`)

  const handlers: InvokeHandlers = {
    'app:info': async () => ({
      version: abilities.version,
      shell: abilities.shell,
      platform: process.platform,
      quarantinedFiles,
      canCopyWithKey: abilities.writeClipboard !== undefined,
    }),
    'settings:get': async () => ({ theme: settings.theme() }),
    'settings:set-theme': async ({ theme }) => {
      await settings.setTheme(theme)
    },

    'profiles:list': async () => ({
      profiles: settings.profiles(),
      activeProfileId: settings.activeProfileId(),
    }),
    'profiles:save': async (input) => {
      let keyDropped = false
      const { profile, originChangedFrom } = await settings.saveProfile(input, {
        // The key was given for the old server: it does not follow the profile to a new one.
        onOriginChange: async (before) => {
          keyDropped = (await secrets.status(before.id)).hasKey
          await secrets.delete(before.id)
        },
      })
      emit('profiles:changed', undefined)
      const warning = insecureBaseUrlWarning(profile.baseUrl)
      const to = urlOrigin(profile.baseUrl) ?? profile.baseUrl
      return {
        ...profile,
        ...(keyDropped && originChangedFrom !== undefined
          ? { keyRemovedNotice: keyRemovedNotice(profile.name, originChangedFrom, to) }
          : {}),
        ...(warning === undefined ? {} : { warnings: [warning] }),
      }
    },
    'profiles:remove': async ({ profileId }) => {
      await settings.removeProfile(profileId)
      await secrets.delete(profileId)
      emit('profiles:changed', undefined)
    },
    'profiles:activate': async ({ profileId }) => {
      await settings.activateProfile(profileId)
      emit('profiles:changed', undefined)
    },

    'secrets:status': async ({ profileId }) => {
      settings.profile(profileId)
      return secrets.status(profileId)
    },
    'secrets:set': async ({ profileId, key }) => {
      refuseLocalKeyChange(profileId)
      settings.profile(profileId)
      rememberKey(key)
      return secrets.set(profileId, key)
    },
    'secrets:delete': async ({ profileId }) => {
      refuseLocalKeyChange(profileId)
      settings.profile(profileId)
      return secrets.delete(profileId)
    },

    // Why showing this key is safe, unlike every other: the app generated it for its own gateway, which
    // listens on loopback only, and no upstream account stands behind it, so it grants nothing beyond
    // what any process of this user can already do (run the simulator). With a proxy engine configured
    // (PLAYGROUND_GATEWAY_CONFIG) it lets the holder spend the upstream account through the local
    // gateway, but still only from this machine's loopback, and the upstream keys themselves stay in
    // the environment: the proxy reads them there and never forwards the client's key. Hosted profiles'
    // keys never leave main (they are used, or written to the clipboard by Electron, never returned).
    'secrets:local-key': async () => ({ key: local.apiKey }),

    'catalog:get': async ({ profileId, refresh }) =>
      catalogs.get(settings.profile(profileId), refresh ?? false),

    'chat:start': async (input) => {
      settings.profile(input.profileId)
      refuseSimulateOutsideLocal(input.profileId, input.simulate)
      return runs.start(input)
    },
    'chat:cancel': async ({ runId }) => {
      runs.cancel(runId)
    },

    'curl:copy-with-key': async ({ profileId, dialect, request, simulate }) => {
      if (!abilities.writeClipboard) {
        return {
          copied: false,
          message:
            'Copy with key works in the desktop app only: in browser mode the key never reaches the page. Copy the command and set MODEL_GATEWAY_API_KEY in your shell.',
        }
      }
      const profile = settings.profile(profileId)
      refuseSimulateOutsideLocal(profileId, simulate)
      const apiKey = await readKey(profileId)
      if (!apiKey) return { copied: false, message: `The profile "${profile.name}" has no API key yet.` }
      const { http } = dialects[dialect].buildRequest(request, { baseUrl: profile.baseUrl, apiKey })
      abilities.writeClipboard(
        toCurl(withSimulateHeader(http, simulate), { secret: apiKey, revealSecret: true }),
      )
      return { copied: true, message: 'Copied the command with the key. Treat it like a password.' }
    },

    'shell:open-external': async ({ url }) => {
      if (!isHttpUrl(url)) throw new UserFacingError('invalid_url', 'Only http(s) links can be opened.')
      await abilities.openExternal?.(url)
    },

    'history:list': async () => history.list(),
    'history:get': async ({ id }) => withoutKeys(await history.get(id)),
    'history:save': async (conversation) => {
      const result = await history.save(withoutKeys(conversation))
      emit('history:changed', undefined)
      return result
    },
    'history:rename': async ({ id, title }) => {
      await history.rename(id, title)
      emit('history:changed', undefined)
    },
    'history:delete': async ({ id }) => {
      await history.remove(id)
      emit('history:changed', undefined)
    },
    'history:export': async ({ id }) => withoutKeys(await history.exportJson(id)),
    'history:import': async ({ json }) => {
      const conversation = await history.importJson(withoutKeys(json))
      emit('history:changed', undefined)
      return conversation
    },
  }

  return {
    handlers: withRedactedErrors(handlers, redactText),
    logger,
    get localGatewayUrl() {
      return local.baseUrl()
    },
    async stop() {
      runs.cancelAll()
      await local.close()
    },
  }
}

/** The x-simulate header is the local gateway's fault injection; a hosted gateway has no such thing. */
function refuseSimulateOutsideLocal(profileId: string, simulate: string | undefined): void {
  if (simulate && profileId !== LOCAL_PROFILE_ID) {
    throw new UserFacingError(
      'simulate_local_only',
      'Simulated faults exist only on the local gateway profile.',
    )
  }
}

function refuseLocalKeyChange(profileId: string): void {
  if (profileId === LOCAL_PROFILE_ID) {
    throw new UserFacingError(
      'local_profile',
      "The local gateway's key is generated and kept by the app; it cannot be replaced or removed.",
    )
  }
}
