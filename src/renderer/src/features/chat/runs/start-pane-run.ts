import type { Conversation } from '@shared/history/conversation'
import { ApiError, invoke } from '@renderer/lib/invoke'
import type { PreparedRun } from './prepare-pane-run'

/** Where a run goes: the profile, and the local gateway's simulated fault ('' for none). */
export type RunDestination = { profileId: string; simulate: string }

/**
 * Hands one prepared run to main (`chat:start`) and answers its run id: the one place that decides
 * how a pane's request crosses IPC.
 *
 * By ids first: main builds the request from `saved`, the conversation as the send's save leaves it
 * in main (it ends with the turn the request is made of, before this reply's message), so a send
 * into a 1M-token chat crosses IPC as ids, not as its transcript. Main waits for that state; when it
 * does not come to hold it (the save failed, or another save landed) it answers `stale_conversation`,
 * and the request is built here and sent whole. Any other refusal is the caller's to report.
 */
export async function startPaneRun(
  prepared: PreparedRun,
  saved: Conversation,
  destination: RunDestination,
): Promise<{ runId: string }> {
  const { pane, dropImages } = prepared
  const common = {
    profileId: destination.profileId,
    ...(destination.simulate === '' ? {} : { simulate: destination.simulate }),
  }
  try {
    return await invoke('chat:start', {
      ...common,
      conversation: {
        id: saved.id,
        paneId: pane.id,
        updatedAt: saved.updatedAt,
        ...(dropImages ? { withoutImages: true } : {}),
      },
    })
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'stale_conversation')) throw error
    return invoke('chat:start', { ...common, dialect: pane.dialect, request: prepared.request() })
  }
}
