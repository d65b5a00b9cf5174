import { withoutImages } from '../chat/drop-images'
import type { ChatRequest, DialectId } from '../chat/chat-request'
import type { ConversationRunStart } from '../runs/run-types'
import type { Conversation } from './conversation'
import { findPane } from './find-pane'
import { paneRequest } from './pane-request'

export type SavedPaneRequest =
  | { ok: true; dialect: DialectId; request: ChatRequest }
  | { ok: false; code: 'stale_conversation' | 'not_found'; message: string }

/**
 * The request a run of a saved pane sends (a send by conversation id): the pane's `paneRequest`, what
 * the renderer's curl panel showed for that pane. Refused as stale when `conversation` is not the
 * state the renderer saved, or there is none (its save failed): the renderer then sends it whole.
 */
export function savedPaneRequest(
  conversation: Conversation | null,
  source: ConversationRunStart['conversation'],
): SavedPaneRequest {
  if (conversation === null || conversation.updatedAt !== source.updatedAt) {
    return {
      ok: false,
      code: 'stale_conversation',
      message: 'The conversation changed since it was saved; send it again.',
    }
  }
  const pane = findPane(conversation, source.paneId)
  if (pane === undefined) {
    return {
      ok: false,
      code: 'not_found',
      message: `The conversation has no pane ${JSON.stringify(source.paneId)}.`,
    }
  }
  const request = paneRequest(conversation, pane)
  return { ok: true, dialect: pane.dialect, request: source.withoutImages ? withoutImages(request) : request }
}
