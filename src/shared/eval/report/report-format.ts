const grouped = new Intl.NumberFormat('en-US')

/** `850 ms`, `1.24 s`, `12.3 s`: the chat footer's reading of a duration. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–'
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  return seconds < 10 ? `${seconds.toFixed(2)} s` : `${seconds.toFixed(1)} s`
}

export function formatCount(count: number): string {
  return grouped.format(count)
}

/** UTC, to the second: the report reads the same wherever it is opened. */
export function formatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}
