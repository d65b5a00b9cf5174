/**
 * When to restart a gateway that stopped on its own: soon after a first crash, later after each
 * further one, and not at all once it has crashed MAX_RESTARTS times within WINDOW_MS (a gateway
 * that dies on start, or on every request some client keeps retrying, would otherwise spin).
 */
export const MAX_RESTARTS = 5
export const WINDOW_MS = 60_000
const FIRST_DELAY_MS = 200
const MAX_DELAY_MS = 5_000

/** Milliseconds to wait before the next restart, or null to give up; `crashes` are timestamps, newest last. */
export function restartDelay(crashes: readonly number[], now: number): number | null {
  const recent = crashes.filter((at) => now - at < WINDOW_MS).length
  if (recent > MAX_RESTARTS) return null
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, recent - 1))
}
