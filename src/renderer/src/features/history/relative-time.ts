const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; older than a month: the date. */
export function formatRelativeTime(timestamp: number, now: number): string {
  const elapsed = now - timestamp
  // A clock a little ahead (another machine's export) still reads as now, not "in 2 minutes".
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < 30 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day')
  return new Date(timestamp).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' })
}

/** The full date and time, for the tooltip. */
export function formatFullTime(timestamp: number): string {
  return new Date(timestamp).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })
}
