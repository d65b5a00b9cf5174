/** Figures as the grid shows them. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '–'
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

export function formatRate(rate: number | undefined): string {
  return rate === undefined ? '–' : `${Math.round(rate)} tok/s`
}

export function formatEta(ms: number | undefined): string {
  if (ms === undefined) return ''
  const seconds = Math.ceil(ms / 1000)
  return seconds < 60 ? `ETA ${seconds} s` : `ETA ${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/**
 * Points are exact decimal strings (sums stay exact); a grid cell shows 3 significant digits. The
 * exact figure is in the totals and the export.
 */
export function formatPoints(points: string): string {
  const value = Number(points)
  return Number.isFinite(value) ? String(Number(value.toPrecision(3))) : points
}
