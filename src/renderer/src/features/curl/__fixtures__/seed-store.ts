import { buildCatalog, type CatalogModel } from '@shared/catalog'
import type { DialectId } from '@shared/chat/chat-request'
import type { ChatParams, Conversation, Pane, StoredMessage } from '@shared/history/conversation'
import type { Profile } from '@shared/settings/settings-schema'
import { useAppStore, type AppState } from '@renderer/store'
import type { ComposerDraft } from '@shared/history/pane-request'

/** The store as the app module created it, before any test touched it. */
const pristine: AppState = useAppStore.getState()

export const LOCAL_PROFILE: Profile = {
  id: 'local',
  name: 'Local gateway',
  kind: 'local',
  baseUrl: 'http://127.0.0.1:40123/v1',
  catalogSource: 'gateway',
}
export const REMOTE_PROFILE: Profile = {
  id: 'team',
  name: 'Team gateway',
  kind: 'remote',
  baseUrl: 'https://gateway.example.com/v1',
  catalogSource: 'gateway',
}

const CATALOG: CatalogModel[] = buildCatalog({ baseUrl: LOCAL_PROFILE.baseUrl })
export const VISION_MODEL = CATALOG[0] as CatalogModel
export const TEXT_MODEL = CATALOG[1] as CatalogModel

let seeded = 0

/**
 * A store in a known state, the way the app would be after loading: profiles, the active profile's
 * catalog, app info, and a conversation with one pane per given dialect (all on `model`).
 */
export function seedStore(
  options: {
    dialects?: DialectId[]
    model?: string
    profile?: Profile
    params?: Partial<ChatParams>
    system?: string
    messages?: StoredMessage[]
    composer?: ComposerDraft
    simulate?: string
    canCopyWithKey?: boolean
    appInfoLoaded?: boolean
    last4?: string | null
  } = {},
): Conversation {
  const profile = options.profile ?? LOCAL_PROFILE
  seeded++
  const panes: Pane[] = (options.dialects ?? ['openai-chat']).map((dialect, index) => ({
    id: `pane-${seeded}-${index}`,
    dialect,
    model: options.model ?? TEXT_MODEL.model,
    messages: structuredClone(options.messages ?? []),
  }))
  const conversation: Conversation = {
    version: 1,
    id: `conversation-${seeded}`,
    title: 'New conversation',
    createdAt: 1,
    updatedAt: 1,
    system: options.system ?? '',
    params: { stop: [], stream: true, maxTokens: 1024, ...options.params },
    panes,
  }
  useAppStore.setState(
    {
      ...pristine,
      profiles: [LOCAL_PROFILE, REMOTE_PROFILE].map((known) => (known.id === profile.id ? profile : known)),
      activeProfileId: profile.id,
      keyStatus: {
        [profile.id]: { hasKey: true, storage: 'keychain', last4: options.last4 ?? '3f9a' },
      },
      catalogs: { [profile.id]: { status: 'ready', models: CATALOG, source: 'gateway' } },
      appInfo:
        options.appInfoLoaded === false
          ? null
          : {
              version: '0.1.0',
              shell: options.canCopyWithKey ? 'electron' : 'browser',
              platform: 'linux',
              quarantinedFiles: [],
              canCopyWithKey: options.canCopyWithKey ?? false,
            },
      conversation,
      composer: options.composer ?? { text: '', images: [] },
      focusedPaneId: panes[0]?.id ?? '',
      simulate: options.simulate ?? '',
      notices: [],
    },
    true,
  )
  return conversation
}
