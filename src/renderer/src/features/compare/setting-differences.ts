import { settingKeySchema, type Conversation, type SettingKey } from '@shared/history/conversation'
import type { CacheBreakpoint, ReasoningSetting } from '@shared/chat/chat-request'
import { paneSettings, SETTING_LABELS } from '@shared/history/pane-settings'
import { describeReasoning } from '@renderer/features/params/reasoning-choice'

export type SettingDifference = { key: SettingKey; label: string; values: string[] }

const MAX_SHOWN = 60

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN - 1)}…` : flat
}

/** A setting's value in a table cell: names for tools, "default" when unset, short JSON otherwise. */
function shown(key: SettingKey, value: unknown): string {
  switch (key) {
    case 'system':
      return value === undefined || value === '' ? '(none)' : `“${shorten(String(value))}”`
    case 'tools':
      return Array.isArray(value) && value.length > 0
        ? value.map((tool: { name: string }) => tool.name).join(', ')
        : 'none'
    case 'stop':
      return Array.isArray(value) && value.length > 0 ? shorten(JSON.stringify(value)) : 'none'
    case 'stream':
      return value ? 'on' : 'off'
    case 'reasoning':
      return describeReasoning(value as ReasoningSetting | undefined)
    case 'systemCache':
    case 'toolsCache':
      return value === undefined ? 'none' : `cached ${(value as CacheBreakpoint).ttl ?? '5m'}`
    default:
      if (value === undefined) return 'default'
      return typeof value === 'object' ? shorten(JSON.stringify(value)) : String(value)
  }
}

/**
 * The settings the panes send differently (only unlinked ones can), each pane's value as shown to
 * the user, in the order of the Parameters tab.
 */
export function settingDifferences(conversation: Conversation): SettingDifference[] {
  const unlinked = new Set(conversation.unlinked ?? [])
  if (unlinked.size === 0 || conversation.panes.length < 2) return []
  const settings = conversation.panes.map((pane) => paneSettings(conversation, pane))
  const rows: SettingDifference[] = []
  for (const key of settingKeySchema.options) {
    if (!unlinked.has(key)) continue
    const raw = settings.map((s) => (key === 'system' ? s.system : s.params[key]))
    const first = JSON.stringify(raw[0])
    if (raw.every((value) => JSON.stringify(value) === first)) continue
    rows.push({ key, label: SETTING_LABELS[key], values: raw.map((value) => shown(key, value)) })
  }
  return rows
}
