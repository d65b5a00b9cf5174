import type { LiveRun } from './live-run'
import type { ReplyEnding } from './reply-endings'
import type { HeldUpdates, RunStreams } from './run-streams'

export type RunsState = {
  runs: Record<string, LiveRun>
  /** Which run wrote each assistant message (the inspector and the footer look it up). */
  runByMessage: Record<string, string>
  /** Runs not yet in a terminal state (any conversation). */
  activeRunIds: string[]
  /** Assistant messages whose `chat:start` has not answered yet (message id → pane id). */
  pendingStarts: Record<string, string>
  /** Assistant messages whose Stop was pressed before `chat:start` answered: cancelled once it does. */
  stopWhenStarted: Record<string, true>
  /** Each run's stream of parts so far (the reply's content, reasoning, finish and usage). */
  runStreams: RunStreams
  /** Updates of runs whose `chat:start` has not answered yet, in arrival order. */
  heldUpdates: HeldUpdates
  /** Replies not ended yet, by assistant message id. */
  replyEndings: Record<string, ReplyEnding>
  /** Text-only models whose history holds images, waiting for the user to send without them or not. */
  imageChoice: { models: string[]; images: number } | null
  /**
   * The user's answer "send without the images", per conversation, pane and model (imagesAnswerKey),
   * with how many images the history held then: not asked again until more come (this session).
   */
  imagesDropAgreed: Record<string, number>
}

export const initialRunsState: RunsState = {
  runs: {},
  runByMessage: {},
  activeRunIds: [],
  pendingStarts: {},
  stopWhenStarted: {},
  runStreams: {},
  heldUpdates: {},
  replyEndings: {},
  imageChoice: null,
  imagesDropAgreed: {},
}

/** Whose answer about images it is: the same pane of the same conversation, still on the same model. */
export function imagesAnswerKey(conversationId: string, paneId: string, model: string): string {
  return JSON.stringify([conversationId, paneId, model])
}
