import type { CatalogModel } from '@shared/catalog'
import { findModel } from '@shared/catalog/find-model'
import type { Pane, StoredMessage } from '@shared/history/conversation'
import type { AppState } from '@renderer/store'
import { countImages } from '@shared/chat/drop-images'
import { findPane } from '@shared/history/find-pane'
import { isTerminalRunState } from './runs/merge-run-update'
import type { LiveRun } from './runs/live-run'

/**
 * Narrow selectors of the chat feature. A message row subscribes to ONE message by id, so a streaming
 * reply re-renders its own row only; the id index is built once per messages array (a frame), not per
 * row.
 */

const EMPTY_MODELS: CatalogModel[] = []

export function selectCatalogModels(state: AppState): CatalogModel[] {
  return state.catalogs[state.activeProfileId]?.models ?? EMPTY_MODELS
}

/** Vision models accept images (catalog `display_config.capability_key`). Unknown models do not. */
export function isVisionModel(models: readonly CatalogModel[], model: string): boolean {
  return findModel(models, model)?.display_config.capability_key === 'vision'
}

/**
 * The catalog lists the model and it takes no images. Unlike `!isVisionModel`, a model the catalog
 * does not know is not called text-only: images are only taken out of a request when we know.
 */
export function isKnownTextOnlyModel(models: readonly CatalogModel[], model: string): boolean {
  const record = findModel(models, model)
  return record !== undefined && record.display_config.capability_key !== 'vision'
}

/** The first pane model that cannot take images ('' while none is picked), or null when all can. */
export function selectTextOnlyModel(state: AppState): string | null {
  const models = selectCatalogModels(state)
  const pane = state.conversation.panes.find((p) => !isVisionModel(models, p.model))
  return pane === undefined ? null : pane.model
}

/**
 * Panes whose model is known to be text-only while their history holds images: sent as they are they
 * would fail (HTTP 400), so the user is asked first. A new array per call: use it in a derived value.
 */
export function selectTextOnlyPanesWithImages(state: AppState): Pane[] {
  const models = selectCatalogModels(state)
  return state.conversation.panes.filter(
    (pane) => isKnownTextOnlyModel(models, pane.model) && countImages(pane.messages) > 0,
  )
}

export function selectPane(state: AppState, paneId: string): Pane | undefined {
  return findPane(state.conversation, paneId)
}

const indexes = new WeakMap<readonly StoredMessage[], Map<string, StoredMessage>>()

function messageIndex(messages: readonly StoredMessage[]): Map<string, StoredMessage> {
  let index = indexes.get(messages)
  if (index === undefined) {
    index = new Map(messages.map((message) => [message.id, message]))
    indexes.set(messages, index)
  }
  return index
}

export function selectMessage(state: AppState, paneId: string, messageId: string): StoredMessage | undefined {
  const pane = selectPane(state, paneId)
  return pane ? messageIndex(pane.messages).get(messageId) : undefined
}

const idLists = new WeakMap<readonly StoredMessage[], string[]>()
/** The last id list handed out per pane, to hand out again while the ids stay the same. */
const lastIds = new Map<string, string[]>()
const MAX_REMEMBERED_PANES = 16

function sameIds(ids: readonly string[], messages: readonly StoredMessage[]): boolean {
  if (ids.length !== messages.length) return false
  for (let i = 0; i < ids.length; i++) if (ids[i] !== messages[i]?.id) return false
  return true
}

/**
 * The pane's message ids, the same array while the ids do not change (the transcript's row list): a
 * streaming reply makes a new messages array every frame, and a new id array would make every
 * subscriber compare (zustand's shallow compare of arrays builds two Maps) or re-render.
 */
export function selectMessageIds(state: AppState, paneId: string): string[] {
  const messages = selectPane(state, paneId)?.messages ?? []
  let ids = idLists.get(messages)
  if (ids === undefined) {
    const previous = lastIds.get(paneId)
    ids =
      previous !== undefined && sameIds(previous, messages) ? previous : messages.map((message) => message.id)
    idLists.set(messages, ids)
    lastIds.delete(paneId)
    lastIds.set(paneId, ids)
    if (lastIds.size > MAX_REMEMBERED_PANES) lastIds.delete(lastIds.keys().next().value ?? '')
  }
  return ids
}

/** The live run that wrote a message in this pane (this session only; history has the ReplyRecord). */
export function selectRunForMessage(state: AppState, paneId: string, messageId: string): LiveRun | undefined {
  const runId = state.runByMessage[messageId]
  const run = runId === undefined ? undefined : state.runs[runId]
  return run !== undefined && run.paneId === paneId ? run : undefined
}

export function selectPaneBusy(state: AppState, paneId: string): boolean {
  for (const pane of Object.values(state.pendingStarts)) if (pane === paneId) return true
  return state.activeRunIds.some((id) => {
    const run = state.runs[id]
    return run !== undefined && run.paneId === paneId && run.conversationId === state.conversation.id
  })
}

/** Any run of the open conversation still going (or about to): the composer shows Stop. */
export function selectConversationBusy(state: AppState): boolean {
  if (Object.keys(state.pendingStarts).length > 0) return true
  return state.activeRunIds.some((id) => state.runs[id]?.conversationId === state.conversation.id)
}

export function runIsLive(run: LiveRun | undefined): boolean {
  return run !== undefined && !isTerminalRunState(run.state)
}

const staleLists = new WeakMap<readonly StoredMessage[], ReadonlySet<string>>()

/**
 * Replies written before a message above them was edited: they answer what it said before. Found
 * once per messages array (a row asks per frame while a reply streams).
 */
function staleReplyIds(messages: readonly StoredMessage[]): ReadonlySet<string> {
  let stale = staleLists.get(messages)
  if (stale === undefined) {
    const found = new Set<string>()
    let lastEdit = -Infinity
    for (const message of messages) {
      if (message.role === 'assistant' && message.reply && message.reply.createdAt < lastEdit) {
        found.add(message.id)
      }
      if (message.editedAt !== undefined) lastEdit = Math.max(lastEdit, message.editedAt)
    }
    stale = found
    staleLists.set(messages, stale)
  }
  return stale
}

export function selectReplyIsStale(state: AppState, paneId: string, messageId: string): boolean {
  const pane = selectPane(state, paneId)
  return pane !== undefined && staleReplyIds(pane.messages).has(messageId)
}
