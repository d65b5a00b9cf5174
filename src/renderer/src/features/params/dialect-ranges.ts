import type { DialectId } from '@shared/chat/chat-request'

/**
 * The temperature each dialect accepts (Chat Completions 0–2, Messages 0–1). The dialects clamp to
 * these when building a request (and record it as an adjustment); the slider shows the same range
 * before anything is sent. A test holds this table to what buildRequest actually does.
 */
export function temperatureMax(dialect: DialectId): number {
  switch (dialect) {
    case 'openai-chat':
      return 2
    case 'anthropic-messages':
      return 1
    default: {
      const unreachable: never = dialect
      throw new Error(`unknown dialect ${JSON.stringify(unreachable)}`)
    }
  }
}

/** Both dialects accept top_p in 0–1. */
export const TOP_P_MAX = 1

/**
 * What the server uses when a request has no temperature / top_p: 1 for both, as both APIs document
 * (OpenAI's reference gives 1 for each; Anthropic's gives temperature 1.0, and top_p 1 is no cut-off).
 * The sliders rest here while the field is empty.
 */
export const TEMPERATURE_DEFAULT = 1
export const TOP_P_DEFAULT = 1

export type PaneTarget = { label: string; dialect: DialectId; dialectLabel: string }

/**
 * The slider's range for the panes that will send: wide enough for the most permissive dialect, and,
 * for each pane whose dialect accepts less, one sentence saying what that pane will send instead.
 */
export function temperatureRange(
  panes: readonly PaneTarget[],
  value: number | undefined,
): { max: number; notes: string[] } {
  const max = Math.max(...panes.map((pane) => temperatureMax(pane.dialect)), 0)
  const notes: string[] = []
  for (const pane of panes) {
    const paneMax = temperatureMax(pane.dialect)
    if (paneMax >= max && (value === undefined || value <= paneMax)) continue
    notes.push(
      value !== undefined && value > paneMax
        ? `${pane.label} (${pane.dialectLabel}) will send temperature ${paneMax}, clamped from ${value}: it accepts 0–${paneMax}.`
        : `${pane.label} (${pane.dialectLabel}) accepts 0–${paneMax}: a value above ${paneMax} is clamped to ${paneMax} there.`,
    )
  }
  return { max, notes }
}
