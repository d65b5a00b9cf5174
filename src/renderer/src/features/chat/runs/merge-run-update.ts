import type { RunUpdate } from '@shared/runs/run-types'
import type { LiveRun } from './live-run'

/**
 * A run after one update from main, apart from its parts (`reduceRunUpdates` reduces those into the
 * run's stream). Fields present in the update replace the run's; raw events append. `seq` must be the
 * next one: anything else means an update went missing (browser mode lost its event stream), and the
 * reply shown may be partial, which the footer says.
 */
export function mergeRunUpdate(run: LiveRun, update: RunUpdate): LiveRun {
  const next: LiveRun = { ...run, lastSeq: Math.max(run.lastSeq, update.seq) }
  if (update.seq !== run.lastSeq + 1) next.seqGap = true
  if (update.request !== undefined) next.request = update.request
  if (update.adjustments !== undefined) next.adjustments = update.adjustments
  if (update.response !== undefined) next.response = update.response
  if (update.retry !== undefined) next.retry = update.retry
  if (update.metrics !== undefined) next.metrics = update.metrics
  if (update.rawEvents !== undefined && update.rawEvents.length > 0) {
    next.rawEvents = run.rawEvents.concat(update.rawEvents)
  }
  if (update.rawEventsTruncated) next.rawEventsTruncated = true
  if (next.state === 'starting' && (update.response !== undefined || (update.parts?.length ?? 0) > 0)) {
    next.state = 'running'
  }
  if (update.terminal !== undefined) {
    next.state = update.terminal.state
    if (update.terminal.error !== undefined) next.error = update.terminal.error
    if (update.terminal.message !== undefined) next.message = update.terminal.message
  }
  return next
}

export function isTerminalRunState(state: LiveRun['state']): boolean {
  return state !== 'starting' && state !== 'running'
}
