/**
 * Which side panels the user collapsed, and how wide they made the right one, remembered in this
 * browser profile's localStorage. It is a view preference of this window, not a setting (those live
 * in main); nothing sensitive goes here. Storage may be refused (privacy settings, tests): then the
 * defaults apply and nothing breaks.
 */
export type LayoutPreferences = {
  sidebarCollapsed: boolean
  sidePanelCollapsed: boolean
  /** The side panel's width in CSS pixels as the user dragged it; null: the layout's default. */
  sidePanelWidth: number | null
}

export const LAYOUT_STORAGE_KEY = 'playground-layout'

/** What a dragged width may be (the window's own size limits it further when laid out). */
const SIDE_PANEL_WIDTH = { min: 280, max: 1200 }

const DEFAULTS: LayoutPreferences = {
  sidebarCollapsed: false,
  sidePanelCollapsed: false,
  sidePanelWidth: null,
}

export function loadLayoutPreferences(): LayoutPreferences {
  try {
    const raw = window.localStorage.getItem(LAYOUT_STORAGE_KEY)
    if (raw === null) return DEFAULTS
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return DEFAULTS
    const record = parsed as Record<string, unknown>
    const width = record['sidePanelWidth']
    return {
      sidebarCollapsed: record['sidebarCollapsed'] === true,
      sidePanelCollapsed: record['sidePanelCollapsed'] === true,
      sidePanelWidth: typeof width === 'number' && Number.isFinite(width) ? clampSidePanelWidth(width) : null,
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

export function clampSidePanelWidth(width: number): number {
  return Math.round(Math.min(SIDE_PANEL_WIDTH.max, Math.max(SIDE_PANEL_WIDTH.min, width)))
}
