import type { Conversation } from '../../../shared/history/conversation'
import { paneRequest } from '../../../shared/history/pane-request'
import { dialects } from '../../../shared/dialects'
import type { Target } from '../../../shared/http/http-request'
import type { ConversationToReady } from './gateway-worker-messages'

const utf8 = new TextEncoder()

/**
 * What the local gateway readies for a conversation just opened: each pane's request so far, as the
 * very bytes main's run will send (the same dialect build, so a send's body begins with them), and
 * the texts whose token counts its context check will need. Each body has its own ArrayBuffer: they
 * are transferred to the gateway's thread, not copied.
 */
export function conversationToReady(
  conversation: Conversation,
  texts: string[],
  target: Target,
): ConversationToReady {
  const bodies = conversation.panes.flatMap((pane) => {
    const body = dialects[pane.dialect].buildRequest(paneRequest(conversation, pane), target).http.body
    return body === undefined ? [] : [{ dialect: pane.dialect, body: utf8.encode(body) }]
  })
  return { texts, bodies }
}
