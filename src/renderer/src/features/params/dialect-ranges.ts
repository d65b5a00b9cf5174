import type { DialectId } from '@shared/chat/chat-request'
import { dialectList, dialects } from '@shared/dialects'

/**
 * The temperature each dialect accepts, from the dialect itself (its parameter ranges, which its
 * request builder clamps to and records as an adjustment): the slider shows the same range before
 * anything is sent.
 */
export function temperatureMax(dialect: DialectId): number {
  return dialects[dialect].parameterRanges.temperature.max
}

/** The top_p slider spans the most permissive dialect's range. */
export const TOP_P_MAX = Math.max(...dialectList.map((dialect) => dialect.parameterRanges.topP.max))

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
    const { min, max: paneMax } = dialects[pane.dialect].parameterRanges.temperature
    if (paneMax >= max && (value === undefined || value <= paneMax)) continue
    notes.push(
      value !== undefined && value > paneMax
        ? `${pane.label} (${pane.dialectLabel}) will send temperature ${paneMax}, clamped from ${value}: it accepts ${min}–${paneMax}.`
        : `${pane.label} (${pane.dialectLabel}) accepts ${min}–${paneMax}: a value above ${paneMax} is clamped to ${paneMax} there.`,
    )
  }
  return { max, notes }
}
