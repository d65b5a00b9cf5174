import type { Conversation, StoredMessage } from '@shared/history/conversation'
import type { StoreAccess } from '@renderer/store/slice'
import { selectActiveProfile, selectSimulateHeader } from '@renderer/features/settings/profiles-selectors'
import { appendMessages } from '@renderer/features/chat/conversation/transcript-edits'
import { startingRun, type LiveRun } from './live-run'
import { preparePaneRun, type PreparedRun } from './prepare-pane-run'
import { endReplies } from './reply-endings'
import { failedStartRecord } from './reply-record'
import { takeHeldUpdates } from './run-streams'
import { startPaneRun } from './start-pane-run'

/**
 * Prepares a run in each pane, saves once (the new turn) and starts them without waiting for that
 * save: each start names the state the save leaves in main, and main builds the request once it
 * holds that state (the save and the starts may reach it in either order).
 */
export async function launchPaneRuns(store: StoreAccess, paneIds: readonly string[]): Promise<void> {
  const prepared = paneIds.map((paneId) => preparePaneRun(store, paneId)).filter((run) => run !== null)
  if (prepared.length === 0) return
  const { conversation } = store.get().saveConversationAsItIs()
  await Promise.all(prepared.map((run) => launchPaneRun(store, run, conversation)))
}

/**
 * Adds the reply's empty assistant message and starts a prepared run (start-pane-run.ts); once main
 * answers, the run is the store's. A refused start becomes the reply's failed record.
 */
async function launchPaneRun(store: StoreAccess, prepared: PreparedRun, saved: Conversation): Promise<void> {
  const { get } = store
  const { pane, messageId } = prepared
  const reply: StoredMessage = { id: messageId, role: 'assistant', content: [] }
  get().updatePane(pane.id, (p) => appendMessages(p, [reply]))
  const state = get()
  const baseUrl = selectActiveProfile(state)?.baseUrl
  const simulate = selectSimulateHeader(state)
  try {
    const { runId } = await startPaneRun(prepared, saved, { profileId: state.activeProfileId, simulate })
    const run = startingRun(
      {
        runId,
        conversationId: prepared.conversationId,
        paneId: pane.id,
        messageId,
        dialect: pane.dialect,
        model: pane.model,
      },
      { request: prepared.request, baseUrl, simulate },
    )
    await adoptStartedRun(store, run)
  } catch (error) {
    recordFailedStart(store, prepared, (error as Error).message)
  }
}

/**
 * The run main started becomes the store's: its updates that arrived before `chat:start` answered
 * are applied, and a Stop pressed meanwhile cancels it now.
 */
async function adoptStartedRun({ set, get }: StoreAccess, run: LiveRun): Promise<void> {
  const { runId, messageId } = run
  const early = takeHeldUpdates(get().heldUpdates, runId)
  const stop = get().stopWhenStarted[messageId] === true
  set((s) => ({
    pendingStarts: without(s.pendingStarts, messageId),
    stopWhenStarted: without(s.stopWhenStarted, messageId),
    heldUpdates: early.held,
    runs: { ...s.runs, [runId]: run },
    runByMessage: { ...s.runByMessage, [messageId]: runId },
    activeRunIds: [...s.activeRunIds, runId],
  }))
  if (early.updates.length > 0) get().applyRunUpdates(early.updates)
  if (stop) await get().cancelRun(runId)
}

/** A start main refused: the reply keeps a failed record, its waiters are told, and it is saved. */
function recordFailedStart(store: StoreAccess, prepared: PreparedRun, message: string): void {
  const { set, get } = store
  const { pane, messageId } = prepared
  set((s) => ({
    pendingStarts: without(s.pendingStarts, messageId),
    stopWhenStarted: without(s.stopWhenStarted, messageId),
  }))
  const target = { dialect: pane.dialect, model: pane.model }
  get().updatePane(pane.id, (p) => ({
    ...p,
    messages: p.messages.map((m) =>
      m.id === messageId ? { ...m, reply: failedStartRecord(target, message, Date.now()) } : m,
    ),
  }))
  endReplies(store, [messageId])
  void get().saveConversation()
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record
  const { [key]: _removed, ...rest } = record
  return rest
}
