import { reduceStreamPart, type StreamAccumulator } from '@shared/chat/reduce-stream-part'
import { nextUpdatedAt, type Conversation, type StoredMessage } from '@shared/history/conversation'
import type { RunUpdate, TerminalState } from '@shared/runs/run-types'
import { findPane } from '@shared/history/find-pane'
import { isTerminalRunState, mergeRunUpdate } from './merge-run-update'
import { buildReplyRecord } from './reply-record'
import { copyStream, holdUpdates } from './run-streams'
import type { LiveRun } from './live-run'
import type { RunsState } from './runs-state'

/** The part of the store a frame of run updates reads and writes. */
export type RunUpdatesState = Pick<RunsState, 'runs' | 'activeRunIds' | 'runStreams' | 'heldUpdates'> & {
  conversation: Conversation
}

type RunUpdatesOutcome = {
  /** Only the fields that changed (new objects); empty when the updates changed nothing. */
  changes: Partial<RunUpdatesState>
  /** The assistant messages whose run ended with these updates (any conversation). */
  endedMessageIds: string[]
  /** A reply of the open conversation ended: the conversation should be saved now. */
  save: boolean
}

/**
 * A frame's worth of updates from main applied to the runs, their streams and the open conversation,
 * as a pure function of the state before: the store action only commits the result, saves, and tells
 * whoever waits for a run that it ended. Each update is merged into its run (`mergeRunUpdate`), its
 * parts reduced into the run's stream; each touched reply is then written into its message once, a
 * new object for that message only. A terminal update also stores the reply's record. Updates of a
 * run not known yet are held for when `chat:start` answers.
 */
export function reduceRunUpdates(
  state: RunUpdatesState,
  updates: readonly RunUpdate[],
  now: number,
): RunUpdatesOutcome {
  const { runs, streams, copied, touched, unclaimed } = mergeUpdates(state, updates)
  const changes: Partial<RunUpdatesState> = {}
  if (unclaimed.length > 0) changes.heldUpdates = holdUpdates(state.heldUpdates, unclaimed)
  if (touched.size === 0) return { changes, endedMessageIds: [], save: false }

  const { replies, ended, save } = writeReplies(state.conversation, touched, streams, now)
  changes.runs = runs
  if (copied.size > 0 || ended.length > 0) changes.runStreams = streams
  if (ended.length > 0) {
    const endedIds = new Set(ended.map((run) => run.runId))
    changes.activeRunIds = state.activeRunIds.filter((id) => !endedIds.has(id))
  }
  if (replies.size > 0) {
    changes.conversation = {
      ...state.conversation,
      updatedAt: nextUpdatedAt(state.conversation, now),
      panes: state.conversation.panes.map((pane) => {
        const changed = replies.get(pane.id)
        if (changed === undefined) return pane
        return { ...pane, messages: pane.messages.map((m) => changed.get(m.id) ?? m) }
      }),
    }
  }
  return { changes, endedMessageIds: ended.map((run) => run.messageId), save }
}

/**
 * Each update merged into its run and its parts reduced into the run's stream, in new records: the
 * runs touched, the streams copied (each once), and the updates of runs not known yet.
 */
function mergeUpdates(state: RunUpdatesState, updates: readonly RunUpdate[]) {
  const runs: Record<string, LiveRun> = { ...state.runs }
  const streams: Record<string, StreamAccumulator> = { ...state.runStreams }
  /** Streams already copied in this call: reduced into in place, so each is copied once per frame. */
  const copied = new Set<string>()
  const touched = new Map<string, LiveRun>()
  const unclaimed: RunUpdate[] = []
  for (const update of updates) {
    const run = runs[update.runId]
    if (run === undefined) {
      unclaimed.push(update)
      continue
    }
    // A terminal run hears nothing more (main never sends after it; be safe against replays).
    if (isTerminalRunState(run.state)) continue
    const next = mergeRunUpdate(run, update)
    if (update.parts !== undefined && update.parts.length > 0) {
      // Copied once per run per frame, then reduced into: the copy is this call's own until returned.
      let stream = streams[run.runId]
      if (stream === undefined || !copied.has(run.runId)) {
        stream = copyStream(stream)
        streams[run.runId] = stream
        copied.add(run.runId)
      }
      for (const part of update.parts) reduceStreamPart(stream, part)
      const { finish, usage } = stream.result
      if (finish !== undefined) next.finish = finish
      if (usage !== undefined) next.usage = usage
    }
    runs[run.runId] = next
    touched.set(run.runId, next)
  }
  return { runs, streams, copied, touched, unclaimed }
}

/**
 * Each touched reply of the open conversation as a new message (by pane, then message id), with its
 * record once its run ended; ended runs' streams are dropped from `streams`.
 */
function writeReplies(
  conversation: Conversation,
  touched: ReadonlyMap<string, LiveRun>,
  streams: Record<string, StreamAccumulator>,
  now: number,
): { replies: Map<string, Map<string, StoredMessage>>; ended: LiveRun[]; save: boolean } {
  const replies = new Map<string, Map<string, StoredMessage>>()
  const ended: LiveRun[] = []
  let save = false
  for (const run of touched.values()) {
    const terminal = isTerminalRunState(run.state)
    if (terminal) ended.push(run)
    const stream = streams[run.runId]
    if (terminal) delete streams[run.runId]
    if (run.conversationId !== conversation.id) continue
    const current = findPane(conversation, run.paneId)?.messages.find((m) => m.id === run.messageId)
    if (!current || current.role !== 'assistant') continue
    if (!stream && !terminal) continue
    // The stream is never reduced into again once stored (the next frame copies it): the message can
    // hold its content array as it is.
    const message: StoredMessage = { ...current, content: stream ? stream.result.content : current.content }
    if (terminal) {
      const result = stream?.result ?? { content: [], status: 'incomplete' as const }
      message.reply = buildReplyRecord(run as LiveRun & { state: TerminalState }, result, now)
      save = true
    }
    let messages = replies.get(run.paneId)
    if (messages === undefined) replies.set(run.paneId, (messages = new Map()))
    messages.set(run.messageId, message)
  }
  return { replies, ended, save }
}
