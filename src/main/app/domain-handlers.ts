import type { EventSink, InvokeHandlers } from '../ipc/dispatch'
import { createAppHandlers } from '../ipc/handlers/app'
import { createChatHandlers } from '../ipc/handlers/chat'
import { createCurlHandlers } from '../ipc/handlers/curl'
import { createEvalHandlers } from '../ipc/handlers/eval'
import { createHistoryHandlers } from '../ipc/handlers/history'
import { createProfileHandlers } from '../ipc/handlers/profiles'
import { createSecretHandlers } from '../ipc/handlers/secrets'
import type { ShellAbilities } from '../ipc/handlers/shell-abilities'
import type { CatalogLoader } from '../services/catalog/catalog-loader'
import type { EvalService } from '../services/eval/eval-service'
import type { HistoryService } from '../services/history/history-service'
import { readyOpenedConversation } from '../services/local-gateway/conversation-readying'
import type { LocalGateway } from '../services/local-gateway/start-local-gateway'
import type { RunRegistry } from '../services/runs'
import type { SecretStore } from '../services/secret-store'
import type { ServiceTokenCounter } from '../services/token-count/service-token-count'
import type { SettingsService } from '../services/settings/settings-service'
import type { KnownKeys } from './known-keys'

/**
 * Every IPC channel's handler, one share per domain (src/main/ipc/handlers/), each given only the
 * services it needs. The composition root creates the services; this wires them to the contract.
 */
export function createDomainHandlers(deps: {
  abilities: ShellAbilities
  emit: EventSink
  secrets: SecretStore
  settings: SettingsService
  history: HistoryService
  catalogs: CatalogLoader
  runs: RunRegistry
  evals: EvalService
  local: LocalGateway
  countTokens: ServiceTokenCounter
  quarantinedFiles: string[]
  keys: Pick<KnownKeys, 'rememberKey' | 'readKey' | 'withoutKeys'>
}): InvokeHandlers {
  const { abilities, emit, secrets, settings, history, local } = deps
  const { rememberKey, readKey, withoutKeys } = deps.keys
  return {
    ...createAppHandlers({ abilities, settings, quarantinedFiles: deps.quarantinedFiles }),
    ...createProfileHandlers({ settings, secrets, emit }),
    ...createSecretHandlers({ settings, secrets, rememberKey, localApiKey: local.apiKey }),
    ...createChatHandlers({
      settings,
      catalogs: deps.catalogs,
      runs: deps.runs,
      history,
      countTokens: deps.countTokens,
    }),
    ...createCurlHandlers({ abilities, settings, readKey }),
    ...createHistoryHandlers({
      history,
      emit,
      withoutKeys,
      // Readies its first send (conversation-readying.ts decides what, and for which profile).
      onOpened: (conversation) =>
        void readyOpenedConversation(conversation, {
          activeProfile: settings.profile(settings.activeProfileId()),
          gateway: local,
        }),
    }),
    ...createEvalHandlers({ evals: deps.evals }),
  }
}
