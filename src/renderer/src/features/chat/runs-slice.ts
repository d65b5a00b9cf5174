import type { FinishReason, Usage } from '@shared/chat/chat-result'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import type { DialectError } from '@shared/chat/errors'
import { reduceStreamPart } from '@shared/chat/reduce-stream-part'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import type { Pane, StoredMessage } from '@shared/history/conversation'
import type { RawSseEvent, RunMetrics, RunUpdate, TerminalState } from '@shared/runs/run-types'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'
import { selectActiveProfile, selectSimulateHeader } from '@renderer/features/settings/profiles-selectors'
import {
  isKnownTextOnlyModel,
  selectCatalogModels,
  selectPane,
  selectPaneBusy,
  selectTextOnlyModel,
  selectTextOnlyPanesWithImages,
} from './chat-selectors'
import { isTerminalRunState, mergeRunUpdate } from './merge-run-update'
import { countImages, withoutImages } from './drop-images'
import { draftIsEmpty, draftToUserContent, paneRequest } from './pane-request'
import { buildReplyRecord, failedStartRecord } from './reply-record'
import {
  accumulatorFor,
  dropAccumulator,
  holdEarlyUpdate,
  peekAccumulator,
  takeEarlyUpdates,
} from './run-streams'
import { appendMessages, truncateBefore } from './transcript-edits'

export type RedactedHttp = NonNullable<RunUpdate['request']>
export type ResponseMeta = NonNullable<RunUpdate['response']>

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

export type RunsSlice = {
  runs: Record<string, LiveRun>
  /** Which run wrote each assistant message (the inspector and the footer look it up). */
  runByMessage: Record<string, string>
  /** Runs not yet in a terminal state (any conversation). */
  activeRunIds: string[]
  /** Assistant messages whose `chat:start` has not answered yet (message id → pane id). */
  pendingStarts: Record<string, string>
  /**
   * The composer's draft becomes a user turn in every pane, and each pane starts a run. When a
   * text-only pane's history holds images, nothing is sent: `imageChoice` asks first, unless
   * `dropImagesForTextOnly` (the user's answer) says to send those panes their history without them.
   */
  send(options?: { dropImagesForTextOnly?: boolean }): Promise<void>
  /** Text-only models whose history holds images, waiting for the user to send without them or not. */
  imageChoice: { models: string[]; images: number } | null
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
  applyRunUpdates(updates: RunUpdate[]): void
}

/** Stops pressed while `chat:start` was still on its way: cancelled as soon as the run id is known. */
const cancelWhenStarted = new Set<string>()

export const createRunsSlice: Slice<RunsSlice> = (set, get) => {
  /**
   * Starts one run in a pane as it is now: its request is `paneRequest` of the transcript (so the
   * curl panel shows exactly what goes out), then an empty assistant message is added for the reply.
   */
  async function startPaneRun(paneId: string): Promise<void> {
    const state = get()
    const conversation = state.conversation
    const pane = selectPane(state, paneId)
    if (!pane) return
    let request = paneRequest(conversation, pane)
    // A text-only model answers images with a 400. Send only reaches here once the user agreed
    // (imageChoice); regenerate and continue send without them too, and say so.
    const images = countImages(request.messages)
    if (images > 0 && isKnownTextOnlyModel(selectCatalogModels(state), pane.model)) {
      request = withoutImages(request)
      state.notify('info', `Sent to ${pane.model} without the ${imagesPhrase(images)}: it is text-only.`)
    }
    const messageId = crypto.randomUUID()
    const reply: StoredMessage = { id: messageId, role: 'assistant', content: [] }
    state.updatePane(paneId, (p) => appendMessages(p, [reply]))
    set((s) => ({ pendingStarts: { ...s.pendingStarts, [messageId]: paneId } }))

    const profile = selectActiveProfile(state)
    const simulate = selectSimulateHeader(state)
    const target = { dialect: pane.dialect, model: pane.model }
    try {
      const { runId } = await invoke('chat:start', {
        profileId: state.activeProfileId,
        dialect: pane.dialect,
        request,
        ...(simulate === '' ? {} : { simulate }),
      })
      const run: LiveRun = {
        runId,
        conversationId: conversation.id,
        paneId,
        messageId,
        ...target,
        state: 'starting',
        sent: { request, baseUrl: profile?.baseUrl, simulate },
        adjustments: [],
        rawEvents: [],
        rawEventsTruncated: false,
        lastSeq: -1,
        seqGap: false,
      }
      set((s) => {
        const pendingStarts = { ...s.pendingStarts }
        delete pendingStarts[messageId]
        return {
          pendingStarts,
          runs: { ...s.runs, [runId]: run },
          runByMessage: { ...s.runByMessage, [messageId]: runId },
          activeRunIds: [...s.activeRunIds, runId],
        }
      })
      const early = takeEarlyUpdates(runId)
      if (early.length > 0) get().applyRunUpdates(early)
      if (cancelWhenStarted.delete(messageId)) await get().cancelRun(runId)
    } catch (error) {
      cancelWhenStarted.delete(messageId)
      const message = (error as Error).message
      set((s) => {
        const pendingStarts = { ...s.pendingStarts }
        delete pendingStarts[messageId]
        return { pendingStarts }
      })
      get().updatePane(paneId, (p) => ({
        ...p,
        messages: p.messages.map((m) =>
          m.id === messageId ? { ...m, reply: failedStartRecord(target, message, Date.now()) } : m,
        ),
      }))
      void get().saveConversation()
    }
  }

  return {
    runs: {},
    runByMessage: {},
    activeRunIds: [],
    pendingStarts: {},
    imageChoice: null,
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
      await Promise.all(conversation.panes.map((pane) => startPaneRun(pane.id)))
    },

    async regenerate(paneId, messageId) {
      if (selectPaneBusy(get(), paneId)) return
      get().updatePane(paneId, (pane: Pane) => truncateBefore(pane, messageId))
      await startPaneRun(paneId)
    },

    async continuePane(paneId) {
      if (selectPaneBusy(get(), paneId)) return
      await startPaneRun(paneId)
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
      for (const messageId of Object.keys(state.pendingStarts)) cancelWhenStarted.add(messageId)
      const running = state.activeRunIds.filter(
        (id) => state.runs[id]?.conversationId === state.conversation.id,
      )
      await Promise.all(running.map((runId) => get().cancelRun(runId)))
    },

    async settleBeforeLeaving() {
      await get().stopAll()
      const conversationId = get().conversation.id
      const stillRunning = (): boolean => {
        const state = get()
        return (
          Object.keys(state.pendingStarts).length > 0 ||
          state.activeRunIds.some((id) => state.runs[id]?.conversationId === conversationId)
        )
      }
      // Main answers a cancel with a terminal update within a frame or two; do not hang on a lost one.
      const deadline = Date.now() + 5_000
      while (stillRunning() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
      await get().saveConversation()
    },

    applyRunUpdates(updates) {
      if (updates.length === 0) return
      const state = get()
      const runs = { ...state.runs }
      const touched = new Map<string, LiveRun>()
      for (const update of updates) {
        const run = runs[update.runId]
        if (run === undefined) {
          holdEarlyUpdate(update)
          continue
        }
        // A terminal run hears nothing more (main never sends after it; be safe against replays).
        if (isTerminalRunState(run.state)) continue
        const next = mergeRunUpdate(run, update)
        if (update.parts !== undefined && update.parts.length > 0) {
          const accumulator = accumulatorFor(run.runId)
          for (const part of update.parts) reduceStreamPart(accumulator, part)
          const result = accumulator.result
          if (result.reasoning !== undefined) next.reasoning = result.reasoning
          if (result.finish !== undefined) next.finish = result.finish
          if (result.usage !== undefined) next.usage = result.usage
        }
        runs[run.runId] = next
        touched.set(run.runId, next)
      }
      if (touched.size === 0) return

      // Write each touched reply into its message once: a new object for that message only.
      const now = Date.now()
      const replies = new Map<string, Map<string, StoredMessage>>()
      const ended: string[] = []
      let endedInOpenConversation = false
      for (const run of touched.values()) {
        const terminal = isTerminalRunState(run.state)
        if (terminal) ended.push(run.runId)
        if (run.conversationId !== state.conversation.id) continue
        const accumulator = peekAccumulator(run.runId)
        const pane = selectPane(state, run.paneId)
        const current = pane?.messages.find((m) => m.id === run.messageId)
        if (!current || current.role !== 'assistant') continue
        if (!accumulator && !terminal) continue
        const content = accumulator
          ? accumulator.result.content.map((part) => ({ ...part }))
          : current.content
        const message: StoredMessage = { ...current, content }
        if (terminal) {
          const result = accumulator?.result ?? { content: [], status: 'incomplete' as const }
          message.reply = buildReplyRecord(run as LiveRun & { state: TerminalState }, result, now)
          endedInOpenConversation = true
        }
        let panes = replies.get(run.paneId)
        if (panes === undefined) replies.set(run.paneId, (panes = new Map()))
        panes.set(run.messageId, message)
      }
      for (const runId of ended) dropAccumulator(runId)

      const patch: Partial<RunsSlice> & { conversation?: typeof state.conversation } = { runs }
      if (ended.length > 0) patch.activeRunIds = state.activeRunIds.filter((id) => !ended.includes(id))
      if (replies.size > 0) {
        patch.conversation = {
          ...state.conversation,
          updatedAt: now,
          panes: state.conversation.panes.map((pane) => {
            const changed = replies.get(pane.id)
            if (changed === undefined) return pane
            return { ...pane, messages: pane.messages.map((m) => changed.get(m.id) ?? m) }
          }),
        }
      }
      set(patch)
      if (endedInOpenConversation) void get().saveConversation()
    },
  }
}

function imagesPhrase(count: number): string {
  return count === 1 ? 'image earlier in the conversation' : `${count} images earlier in the conversation`
}
