import type { ChatRequest } from '@shared/chat/chat-request'
import { countImages, withoutImages } from '@shared/chat/drop-images'
import type { Pane } from '@shared/history/conversation'
import { findPane } from '@shared/history/find-pane'
import { paneRequest } from '@shared/history/pane-request'
import type { StoreAccess } from '@renderer/store/slice'
import { isKnownTextOnlyModel, selectCatalogModels } from '@renderer/features/chat/chat-selectors'
import { replyEnding } from './reply-endings'

/** A run whose reply has its place in the pane, not yet handed to main. */
export type PreparedRun = {
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
 * Readies one run in a pane as it is now: its reply is marked as starting (so the pane is busy at
 * once). The request is the pane's `paneRequest` of this moment, the function the curl panel
 * shows, built only if asked for (a send by ids never needs it; see start-pane-run.ts).
 */
export function preparePaneRun({ set, get }: StoreAccess, paneId: string): PreparedRun | null {
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

/** `build`, run once when first asked for (the inspector asks; a send by id never needs it). */
function lazyRequest(build: () => ChatRequest): () => ChatRequest {
  let request: ChatRequest | undefined
  return () => (request ??= build())
}

function imagesPhrase(count: number): string {
  return count === 1 ? 'image earlier in the conversation' : `${count} images earlier in the conversation`
}
