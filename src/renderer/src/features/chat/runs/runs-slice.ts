import type { FinishReason, Usage } from '@shared/chat/chat-result'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import type { DialectError } from '@shared/chat/errors'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import type { Conversation, Pane, StoredMessage } from '@shared/history/conversation'
import { findPane } from '@shared/history/find-pane'
import type { RawSseEvent, RunMetrics, RunUpdate, TerminalState } from '@shared/runs/run-types'
import { ApiError, invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { selectActiveProfile, selectSimulateHeader } from '@renderer/features/settings/profiles-selectors'
import {
  isKnownTextOnlyModel,
  selectCatalogModels,
  selectPaneBusy,
  selectTextOnlyModel,
  selectTextOnlyPanesWithImages,
} from '@renderer/features/chat/chat-selectors'
import { countImages, withoutImages } from '@shared/chat/drop-images'
import { draftIsEmpty, draftToUserContent, paneRequest } from '@shared/history/pane-request'
import { reduceRunUpdates } from './reduce-run-updates'
import { failedStartRecord } from './reply-record'
import { takeHeldUpdates, type HeldUpdates, type RunStreams } from './run-streams'
import { appendMessages, truncateBefore } from '@renderer/features/chat/transcript-edits'

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
  /** From the reduced parts so far: reasoning text, finish reason and usage as the stream said. */
  reasoning?: string
  finish?: FinishReason
  usage?: Usage
  lastSeq: number
  /** An update went missing (browser mode lost its event stream): the reply shown may be partial. */
  seqGap: boolean
}

/** A run whose reply has its place in the pane, not yet handed to main. */
type PreparedRun = {
  conversationId: string
  /** The pane as it was when the run was asked for: what the request is made of. */
  pane: Pane
  /** The assistant message the reply is written into. */
  messageId: string
  /** A text-only model: its history's images are replaced by a note (the user agreed). */
  dropImages: boolean
  request: () => ChatRequest
}

/**
 * Someone may wait for a reply to end (a conversation about to be left): one promise per reply, from
 * the moment its `chat:start` is sent until its run's terminal update (or the start failing).
 */
type ReplyEnding = { conversationId: string; ended: Promise<void>; end(): void }

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
}

export type RunsSlice = RunsState & {
  /**
   * The composer's draft becomes a user turn in every pane, and each pane starts a run. When a
   * text-only pane's history holds images, nothing is sent: `imageChoice` asks first, unless
   * `dropImagesForTextOnly` (the user's answer) says to send those panes their history without them.
   */
  send(options?: { dropImagesForTextOnly?: boolean }): Promise<void>
  dismissImageChoice(): void
  /** Re-run a pane from the user turn before `messageId`, replacing that reply. */
  regenerate(paneId: string, messageId: string): Promise<void>
  /** After tool results were typed: ask the model again with them. */
  continuePane(paneId: string): Promise<void>
  cancelRun(runId: string): Promise<void>
  /** Stop: every run of the open conversation (partial replies stay). */
  stopAll(): Promise<void>
  /**
   * Before the open conversation is replaced (open, import, new): stop its replies, let their last
   * updates land (each stores its reply record, partial text kept) and save, so nothing in flight is lost.
   */
  settleBeforeLeaving(): Promise<void>
  /** Apply a frame's worth of updates from main (called by the run pump, once per animation frame). */
  applyRunUpdates(updates: readonly RunUpdate[]): void
}

/** Main answers a cancel with a terminal update within a frame or two; leaving does not hang on a lost one. */
const SETTLE_TIMEOUT_MS = 5_000

export const createRunsSlice: Slice<RunsSlice> = (set, get) => {
  /**
   * Readies one run in a pane as it is now: its reply is marked as starting (so the pane is busy at
   * once). The request is the pane's `paneRequest` of this moment, the function the curl panel
   * shows, built only if asked for (see launchPaneRun).
   */
  function preparePaneRun(paneId: string): PreparedRun | null {
    const state = get()
    const { conversation } = state
    const pane = findPane(conversation, paneId)
    if (!pane) return null
    // A text-only model answers images with a 400. Send only reaches here once the user agreed
    // (imageChoice); regenerate and continue send without them too, and say so.
    const images = countImages(pane.messages)
    const dropImages = images > 0 && isKnownTextOnlyModel(selectCatalogModels(state), pane.model)
    if (dropImages) {
      state.notify('info', `Sent to ${pane.model} without the ${imagesPhrase(images)}: it is text-only.`)
    }
    const request = lazyRequest(() => {
      const built = paneRequest(conversation, pane)
      return dropImages ? withoutImages(built) : built
    })
    const messageId = crypto.randomUUID()
    const ending = replyEnding(conversation.id)
    set((s) => ({
      pendingStarts: { ...s.pendingStarts, [messageId]: paneId },
      replyEndings: { ...s.replyEndings, [messageId]: ending },
    }))
    return { conversationId: conversation.id, pane, messageId, dropImages, request }
  }

  /**
   * Adds the reply's empty assistant message and starts a prepared run. Main builds the request from
   * `saved` (the conversation as the save of the send leaves it in main, which ends with the turn
   * the request is made of, before this reply's message): a send into a 1M-token chat crosses IPC as
   * ids, not as its transcript. When main does not come to hold that state (the save failed, or
   * another landed), the request is built here and sent whole.
   */
  async function launchPaneRun(prepared: PreparedRun, saved: Conversation): Promise<void> {
    const { pane, messageId, dropImages } = prepared
    const paneId = pane.id
    const reply: StoredMessage = { id: messageId, role: 'assistant', content: [] }
    get().updatePane(paneId, (p) => appendMessages(p, [reply]))
    const state = get()
    const profile = selectActiveProfile(state)
    const simulate = selectSimulateHeader(state)
    const target = { dialect: pane.dialect, model: pane.model }
    const common = { profileId: state.activeProfileId, ...(simulate === '' ? {} : { simulate }) }
    const startWhole = () =>
      invoke('chat:start', { ...common, dialect: pane.dialect, request: prepared.request() })
    try {
      const { runId } = await invoke('chat:start', {
        ...common,
        conversation: {
          id: saved.id,
          paneId,
          updatedAt: saved.updatedAt,
          ...(dropImages ? { withoutImages: true } : {}),
        },
      }).catch((error: unknown) =>
        error instanceof ApiError && error.code === 'stale_conversation'
          ? startWhole()
          : Promise.reject(error),
      )
      const run: LiveRun = {
        runId,
        conversationId: prepared.conversationId,
        paneId,
        messageId,
        ...target,
        state: 'starting',
        sent: {
          get request() {
            return prepared.request()
          },
          baseUrl: profile?.baseUrl,
          simulate,
        },
        adjustments: [],
        rawEvents: [],
        rawEventsTruncated: false,
        lastSeq: -1,
        seqGap: false,
      }
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
    } catch (error) {
      const message = (error as Error).message
      set((s) => ({
        pendingStarts: without(s.pendingStarts, messageId),
        stopWhenStarted: without(s.stopWhenStarted, messageId),
      }))
      get().updatePane(paneId, (p) => ({
        ...p,
        messages: p.messages.map((m) =>
          m.id === messageId ? { ...m, reply: failedStartRecord(target, message, Date.now()) } : m,
        ),
      }))
      endReplies([messageId])
      void get().saveConversation()
    }
  }

  /**
   * Prepares a run in each pane, saves once (the new turn) and starts them without waiting for that
   * save: each start names the state the save leaves in main, and main builds the request once it
   * holds that state (the save and the starts may reach it in either order).
   */
  async function startPaneRuns(paneIds: readonly string[]): Promise<void> {
    const prepared = paneIds.map(preparePaneRun).filter((run) => run !== null)
    if (prepared.length === 0) return
    const { conversation } = get().saveConversationAsItIs()
    await Promise.all(prepared.map((run) => launchPaneRun(run, conversation)))
  }

  /** Tells whoever waits for these replies that they ended, and forgets them. */
  function endReplies(messageIds: readonly string[]): void {
    const endings = get().replyEndings
    const ending = messageIds.filter((id) => endings[id] !== undefined)
    if (ending.length === 0) return
    for (const id of ending) endings[id]?.end()
    set((s) => {
      const replyEndings = { ...s.replyEndings }
      for (const id of ending) delete replyEndings[id]
      return { replyEndings }
    })
  }

  return {
    ...initialRunsState,
    dismissImageChoice() {
      set({ imageChoice: null })
    },

    async send(options = {}) {
      const state = get()
      const { conversation, composer } = state
      if (draftIsEmpty(composer)) return
      if (conversation.panes.some((pane) => selectPaneBusy(state, pane.id))) return
      const unpicked = conversation.panes.find((pane) => pane.model === '')
      if (unpicked) {
        state.notify('error', 'Pick a model for every pane before sending.')
        return
      }
      if (composer.images.length > 0) {
        const textOnly = selectTextOnlyModel(state)
        if (textOnly !== null) {
          state.notify('error', `${textOnly} is text-only: remove the images or pick a vision model.`)
          return
        }
      }
      const textOnlyWithImages = selectTextOnlyPanesWithImages(state)
      if (textOnlyWithImages.length > 0 && !options.dropImagesForTextOnly) {
        set({
          imageChoice: {
            models: [...new Set(textOnlyWithImages.map((pane) => pane.model))],
            images: Math.max(...textOnlyWithImages.map((pane) => countImages(pane.messages))),
          },
        })
        return
      }
      set({ imageChoice: null })
      // One id for the turn in every pane: compare mode matches replies to the same turn by it.
      const turn: StoredMessage = {
        id: crypto.randomUUID(),
        role: 'user',
        content: draftToUserContent(composer),
      }
      set((s) => ({ conversation: { ...s.conversation, profileId: s.activeProfileId } }))
      for (const pane of conversation.panes) {
        state.updatePane(pane.id, (p) => appendMessages(p, [structuredClone(turn)]))
      }
      state.clearDraft()
      await startPaneRuns(conversation.panes.map((pane) => pane.id))
    },

    async regenerate(paneId, messageId) {
      if (selectPaneBusy(get(), paneId)) return
      get().updatePane(paneId, (pane: Pane) => truncateBefore(pane, messageId))
      await startPaneRuns([paneId])
    },

    async continuePane(paneId) {
      if (selectPaneBusy(get(), paneId)) return
      await startPaneRuns([paneId])
    },

    async cancelRun(runId) {
      try {
        await invoke('chat:cancel', { runId })
      } catch (error) {
        get().notify('error', `Could not stop the reply: ${(error as Error).message}`)
      }
    },

    async stopAll() {
      const state = get()
      const starting = Object.keys(state.pendingStarts)
      if (starting.length > 0) {
        set((s) => ({
          stopWhenStarted: { ...s.stopWhenStarted, ...Object.fromEntries(starting.map((id) => [id, true])) },
        }))
      }
      const running = state.activeRunIds.filter(
        (id) => state.runs[id]?.conversationId === state.conversation.id,
      )
      await Promise.all(running.map((runId) => get().cancelRun(runId)))
    },

    async settleBeforeLeaving() {
      await get().stopAll()
      const conversationId = get().conversation.id
      const endings = Object.values(get().replyEndings)
        .filter((ending) => ending.conversationId === conversationId)
        .map((ending) => ending.ended)
      await settledWithin(Promise.all(endings), SETTLE_TIMEOUT_MS)
      await get().saveConversation()
    },

    applyRunUpdates(updates) {
      if (updates.length === 0) return
      const { changes, endedMessageIds, save } = reduceRunUpdates(get(), updates, Date.now())
      if (Object.keys(changes).length > 0) set(changes)
      endReplies(endedMessageIds)
      if (save) void get().saveConversation()
    },
  }
}

/** `build`, run once when first asked for (the inspector asks; a send by id never needs it). */
function lazyRequest(build: () => ChatRequest): () => ChatRequest {
  let request: ChatRequest | undefined
  return () => (request ??= build())
}

/** A promise for one reply's end, with the function that ends it. */
function replyEnding(conversationId: string): ReplyEnding {
  let end: () => void = () => undefined
  const ended = new Promise<void>((resolve) => (end = resolve))
  return { conversationId, ended, end }
}

/** Waits for `promise`, at most `ms` (the timer is cleared as soon as the promise settles). */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  try {
    await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record
  const { [key]: _removed, ...rest } = record
  return rest
}

function imagesPhrase(count: number): string {
  return count === 1 ? 'image earlier in the conversation' : `${count} images earlier in the conversation`
}
