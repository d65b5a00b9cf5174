import type { ChatParams, ChatSettings, Conversation, Pane, SettingKey } from './conversation'
import { focusedPaneOf } from './find-pane'

/**
 * Linked and unlinked settings. A setting is linked by default: one value, the conversation's, for
 * every pane (one edit changes both). Unlinked (`conversation.unlinked`), each pane sends its own
 * value, kept in `pane.settings`.
 */

export type ParamKey = keyof ChatParams

/** How each setting is named to the user (link toggles, the differences table). */
export const SETTING_LABELS: Record<SettingKey, string> = {
  system: 'System prompt',
  temperature: 'Temperature',
  topP: 'Top P',
  maxTokens: 'Max tokens',
  stop: 'Stop sequences',
  stream: 'Stream',
  seed: 'Seed',
  responseFormat: 'Response format',
  tools: 'Tools',
  toolChoice: 'Tool choice',
  reasoning: 'Reasoning',
  promptCacheKey: 'Prompt cache key',
  systemCache: 'System prompt cache',
  toolsCache: 'Tools cache',
}

export function isLinked(conversation: Conversation, key: SettingKey): boolean {
  return !(conversation.unlinked ?? []).includes(key)
}

function shared(conversation: Conversation): ChatSettings {
  return { system: conversation.system, params: conversation.params }
}

/** The pane's own settings, or (never unlinked yet) a copy of the shared ones to start from. */
function ownOf(conversation: Conversation, pane: Pane): ChatSettings {
  return pane.settings ?? structuredClone(shared(conversation))
}

/** The system prompt and parameters a pane sends. */
export function paneSettings(conversation: Conversation, pane: Pane | undefined): ChatSettings {
  const unlinked = conversation.unlinked ?? []
  if (pane === undefined || unlinked.length === 0 || pane.settings === undefined) return shared(conversation)
  const own = pane.settings
  const params: ChatParams = { ...conversation.params }
  const target = params as Record<ParamKey, unknown>
  for (const key of unlinked) if (key !== 'system') target[key] = own.params[key]
  return { system: unlinked.includes('system') ? own.system : conversation.system, params }
}

/** One parameter as a pane sends it (for a field's value: the same reference while it is unchanged). */
export function paneParam<K extends ParamKey>(
  conversation: Conversation,
  pane: Pane | undefined,
  key: K,
): ChatParams[K] {
  if (pane?.settings === undefined || isLinked(conversation, key)) return conversation.params[key]
  return pane.settings.params[key]
}

export function paneSystem(conversation: Conversation, pane: Pane | undefined): string {
  if (pane?.settings === undefined || isLinked(conversation, 'system')) return conversation.system
  return pane.settings.system
}

function withPane(conversation: Conversation, paneId: string, update: (pane: Pane) => Pane): Conversation {
  return {
    ...conversation,
    panes: conversation.panes.map((pane) => (pane.id === paneId ? update(pane) : pane)),
  }
}

/** An edit of parameters made in `paneId`: linked ones change for every pane, unlinked ones for it alone. */
export function applyParams(
  conversation: Conversation,
  paneId: string,
  patch: Partial<ChatParams>,
): Conversation {
  const linkedPatch: Partial<ChatParams> = {}
  const ownPatch: Partial<ChatParams> = {}
  for (const key of Object.keys(patch) as ParamKey[]) {
    const into = (isLinked(conversation, key) ? linkedPatch : ownPatch) as Record<ParamKey, unknown>
    into[key] = patch[key]
  }
  let next: Conversation = { ...conversation, params: { ...conversation.params, ...linkedPatch } }
  if (Object.keys(ownPatch).length > 0) {
    next = withPane(next, paneId, (pane) => {
      const own = ownOf(conversation, pane)
      return { ...pane, settings: { ...own, params: { ...own.params, ...ownPatch } } }
    })
  }
  return next
}

export function applySystem(conversation: Conversation, paneId: string, system: string): Conversation {
  if (isLinked(conversation, 'system')) return { ...conversation, system }
  return withPane(conversation, paneId, (pane) => ({
    ...pane,
    settings: { ...ownOf(conversation, pane), system },
  }))
}

/**
 * Unlinking gives every pane its own copy of the value it sends now; linking takes the value of
 * `fromPaneId` (the pane the user is in) for all.
 */
export function setLinked(
  conversation: Conversation,
  key: SettingKey,
  linked: boolean,
  fromPaneId: string,
): Conversation {
  const unlinked = conversation.unlinked ?? []
  if (linked === isLinked(conversation, key)) return conversation
  if (!linked) {
    const panes = conversation.panes.map((pane) => {
      const own = ownOf(conversation, pane)
      const current = paneSettings(conversation, pane)
      const settings: ChatSettings =
        key === 'system'
          ? { ...own, system: current.system }
          : { ...own, params: { ...own.params, [key]: structuredClone(current.params[key]) } }
      return { ...pane, settings }
    })
    return { ...conversation, panes, unlinked: [...unlinked, key] }
  }
  const from = focusedPaneOf(conversation, fromPaneId)
  const value = paneSettings(conversation, from)
  const rest = unlinked.filter((k) => k !== key)
  const { unlinked: _all, ...base } = conversation
  const next: Conversation = rest.length > 0 ? { ...base, unlinked: rest } : base
  if (key === 'system') return { ...next, system: value.system }
  return { ...next, params: { ...next.params, [key]: value.params[key] } }
}
