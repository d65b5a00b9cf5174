import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import type { Conversation } from '@shared/history/conversation'
import { savedPaneRequest } from '@shared/history/saved-pane-request'
import type { ConversationRunStart } from '@shared/runs/run-types'
import { UserFacingError } from '../user-facing-error'

/** The saved conversations a send by ids is built from (HistoryService). */
export type SavedConversations = {
  /** The conversation in the state `updatedAt` names, once saved; null when that state never comes. */
  currentAt(id: string, updatedAt: number): Promise<Conversation | null>
}

/**
 * The run of a pane sent by ids, main's one entry for it: a send into a saved conversation crosses IPC
 * as ids (its turns are saved beside it), so a long transcript is not built, serialized and validated
 * once more on its way (performance.md S1). The request is the pane's `paneRequest` over the
 * conversation main holds, the very function the renderer's curl panel shows. The send's own save may
 * still be on its way: the state it names is waited for. Refused as `stale_conversation` when that
 * state never comes (the renderer then sends the request whole), `not_found` for an unknown pane.
 */
export async function savedPaneRun(
  history: SavedConversations,
  source: ConversationRunStart['conversation'],
): Promise<{ dialect: DialectId; request: ChatRequest }> {
  const built = savedPaneRequest(await history.currentAt(source.id, source.updatedAt), source)
  if (!built.ok) throw new UserFacingError(built.code, built.message)
  return built
}
