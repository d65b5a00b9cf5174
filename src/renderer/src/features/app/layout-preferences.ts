/**
 * Which side panels the user collapsed, remembered in this browser profile's localStorage. It is a
 * view preference of this window, not a setting (those live in main); nothing sensitive goes here.
 * Storage may be refused (privacy settings, tests): then the defaults apply and nothing breaks.
 */
export type LayoutPreferences = { sidebarCollapsed: boolean; sidePanelCollapsed: boolean }

export const LAYOUT_STORAGE_KEY = 'playground-layout'

const DEFAULTS: LayoutPreferences = { sidebarCollapsed: false, sidePanelCollapsed: false }

export function loadLayoutPreferences(): LayoutPreferences {
  try {
    const raw = window.localStorage.getItem(LAYOUT_STORAGE_KEY)
    if (raw === null) return DEFAULTS
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return DEFAULTS
    const record = parsed as Record<string, unknown>
    return {
      sidebarCollapsed: record['sidebarCollapsed'] === true,
      sidePanelCollapsed: record['sidePanelCollapsed'] === true,
    }
  } catch {
    return DEFAULTS
  }
}

export function saveLayoutPreferences(preferences: LayoutPreferences): void {
  try {
    window.localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(preferences))
  } catch {
    // Not remembered this time; the layout itself already changed.
  }
}
