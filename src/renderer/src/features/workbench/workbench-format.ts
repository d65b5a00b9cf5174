import { formatDuration, formatRate } from '@renderer/features/chat/format-reply'

/**
 * Figures as the grid shows them: the chat footer's formats (one home for how a duration or a speed
 * reads; points read as formatPoints writes them everywhere), with a dash where a cell has no figure.
 */
export const gridMs = (ms: number | undefined): string => formatDuration(ms) ?? '–'
export const gridRate = (rate: number | undefined): string => formatRate(rate) ?? '–'

export function formatEta(ms: number | undefined): string {
  if (ms === undefined) return ''
  const seconds = Math.ceil(ms / 1000)
  return seconds < 60 ? `ETA ${seconds} s` : `ETA ${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/**
 * How often the totals table and the charts take a filling run's new cells (the grid takes them as
 * eval-progress-events.ts gathers them; at the run's end they show it exactly): recomputing and
 * redrawing them over every cell so far is what made a 500 × 4 run's frames long (performance.md, the
 * workbench at 500 × 4).
 */
export const LIVE_FIGURES_MS = 1000
