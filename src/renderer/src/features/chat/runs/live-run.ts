import type { FinishReason, Usage } from '@shared/chat/chat-result'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import type { DialectError } from '@shared/chat/errors'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import type { RawSseEvent, RunMetrics, RunUpdate, TerminalState } from '@shared/runs/run-types'

type RedactedHttp = NonNullable<RunUpdate['request']>
type ResponseMeta = NonNullable<RunUpdate['response']>

/** Everything known about one reply while it streams, and after (for the inspector and the footer). */
export type LiveRun = {
  runId: string
  /** The conversation the run writes into (another may be open by the time it ends). */
  conversationId: string
  paneId: string
  /** The assistant message this run writes into. */
  messageId: string
  dialect: DialectId
  model: string
  state: 'starting' | 'running' | TerminalState
  /**
   * What was handed to main to send: the canonical request object itself, and where it went (the
   * profile's base URL then, the fault injection). "Copy as curl" builds the command from this.
   */
  sent: { request: ChatRequest; baseUrl: string | undefined; simulate: string }
  /** The HTTP request main sent, credentials redacted (arrives with the first update). */
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
  /** From the reduced parts so far: finish reason and usage as the stream said. */
  finish?: FinishReason
  usage?: Usage
  lastSeq: number
  /** An update went missing (browser mode lost its event stream): the reply shown may be partial. */
  seqGap: boolean
}

/**
 * A run main has just accepted, before any update. `request` is asked for only when read (the
 * inspector reads it; a send by ids never builds it).
 */
export function startingRun(
  run: Pick<LiveRun, 'runId' | 'conversationId' | 'paneId' | 'messageId' | 'dialect' | 'model'>,
  sent: { request: () => ChatRequest; baseUrl: string | undefined; simulate: string },
): LiveRun {
  return {
    ...run,
    state: 'starting',
    sent: {
      get request() {
        return sent.request()
      },
      baseUrl: sent.baseUrl,
      simulate: sent.simulate,
    },
    adjustments: [],
    rawEvents: [],
    rawEventsTruncated: false,
    lastSeq: -1,
    seqGap: false,
  }
}
