import type { ReplyRecord, StoredMessage } from '@shared/history/conversation'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { useAppStore } from '@renderer/store'
import { conversationOf } from '@renderer/features/chat/__fixtures__/conversation-of'

/**
 * The store as the transcript's reply tests start from: one conversation with one Messages pane
 * holding the reply, and, when a test gives one, the reply's live run. The test file mocks
 * `@renderer/lib/api` (with the chat fake API) before it imports this.
 */

const MODEL = 'vendorb3.8-Flash-Next'

/** No runs, as a fresh app has. */
export function clearRuns(): void {
  useAppStore.setState({ runs: {}, runByMessage: {}, activeRunIds: [], pendingStarts: {} })
}

/** Puts `reply` in pane p1 of conversation c, and, with `run`, its live run r1 (running unless it says). */
export function storeReply(reply: StoredMessage, run?: Partial<LiveRun>): void {
  useAppStore
    .getState()
    .replaceConversation(
      conversationOf([{ id: 'p1', dialect: 'anthropic-messages', model: MODEL, messages: [reply] }]),
    )
  if (!run) return
  const live: LiveRun = {
    runId: 'r1',
    conversationId: 'c',
    paneId: 'p1',
    messageId: reply.id,
    dialect: 'anthropic-messages',
    model: MODEL,
    state: 'running',
    sent: { request: { model: MODEL, messages: [], stream: true }, baseUrl: undefined, simulate: '' },
    adjustments: [],
    rawEvents: [],
    rawEventsTruncated: false,
    lastSeq: 0,
    seqGap: false,
    ...run,
  }
  useAppStore.setState({
    runs: { r1: live },
    runByMessage: { [reply.id]: 'r1' },
    activeRunIds: live.state === 'running' || live.state === 'starting' ? ['r1'] : [],
  })
}

/** A finished reply's record (completed, no metrics) with `patch` over it. */
export const record = (patch: Partial<ReplyRecord>): ReplyRecord => ({
  dialect: 'anthropic-messages',
  model: MODEL,
  state: 'completed',
  metrics: {},
  adjustments: [],
  createdAt: 1,
  ...patch,
})
