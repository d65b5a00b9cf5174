import type { DialectId } from '../../../../shared/chat/chat-request'
import type { DialectError } from '../../../../shared/chat/errors'
import type { RawSseEvent, RunMetrics, RunUpdate, TerminalState } from '../../../../shared/runs/run-types'
import type { ParamAdjustment } from '../../../../shared/dialects/dialect'
import type { Slice } from '../../store/slice'

export type RedactedHttp = NonNullable<RunUpdate['request']>
export type ResponseMeta = NonNullable<RunUpdate['response']>

/** Everything known about one reply while it streams, and after (for the inspector and the footer). */
export type LiveRun = {
  runId: string
  paneId: string
  /** The assistant message this run writes into. */
  messageId: string
  dialect: DialectId
  model: string
  state: 'starting' | 'running' | TerminalState
  request?: RedactedHttp
  adjustments: ParamAdjustment[]
  response?: ResponseMeta
  retry?: NonNullable<RunUpdate['retry']>
  metrics?: RunMetrics
  rawEvents: RawSseEvent[]
  rawEventsTruncated: boolean
  error?: DialectError
  /** Plain-language explanation of a network error or timeout. */
  message?: string
  lastSeq: number
  /** An update went missing (browser mode lost its event stream): the reply shown may be partial. */
  seqGap: boolean
}

export type RunsSlice = {
  runs: Record<string, LiveRun>
  /** Which run wrote each assistant message (the inspector and the footer look it up). */
  runByMessage: Record<string, string>
  /** The composer's draft becomes a user turn in every pane, and each pane starts a run. */
  send(): Promise<void>
  /** Re-run a pane from the user turn before `messageId`, replacing that reply. */
  regenerate(paneId: string, messageId: string): Promise<void>
  /** After tool results were typed: ask the model again with them. */
  continuePane(paneId: string): Promise<void>
  cancelRun(runId: string): Promise<void>
  /** Apply a frame's worth of updates from main (called by the run pump, once per animation frame). */
  applyRunUpdates(updates: RunUpdate[]): void
}

export const createRunsSlice: Slice<RunsSlice> = () => ({
  runs: {},
  runByMessage: {},
  async send() {
    throw new Error('runs slice: send is built in the chat feature')
  },
  async regenerate() {
    throw new Error('runs slice: regenerate is built in the chat feature')
  },
  async continuePane() {
    throw new Error('runs slice: continuePane is built in the chat feature')
  },
  async cancelRun() {
    throw new Error('runs slice: cancelRun is built in the chat feature')
  },
  applyRunUpdates() {},
})
