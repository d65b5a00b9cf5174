import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises'
import type { Conversation } from '@shared/history/conversation'
import { paneRequest } from '@shared/history/pane-request'
import { messageTextsOf } from '@shared/history/prompt-texts'
import { dialects } from '@shared/dialects'
import type { Target } from '@shared/http/http-request'
import { requestBodyBytes } from '@shared/http/json-request-body'
import type { ConversationToReady } from './gateway-worker-messages'

/**
 * A pane whose messages hold more text than this is not readied: writing its body in one go would hold
 * main's thread too long (performance.md M1), and its first send is simply parsed whole by the
 * gateway. The 1M-token conversation's panes hold ~2.2 M characters each.
 */
const MAX_READIED_CHARS = 8 * 1024 * 1024

/**
 * What the local gateway readies for a conversation just opened: each pane's request so far, as the
 * very bytes main's run will send (the same dialect build, so a send's body begins with them), and
 * the texts whose token counts its context check will need. Each body has its own ArrayBuffer: they
 * are transferred to the gateway's thread, not copied. One pane per turn of main's event loop.
 */
export async function conversationToReady(
  conversation: Conversation,
  texts: string[],
  target: Target,
): Promise<ConversationToReady> {
  const bodies: ConversationToReady['bodies'] = []
  for (const pane of conversation.panes) {
    const chars = messageTextsOf(pane).reduce((sum, text) => sum + text.length, 0)
    if (chars > MAX_READIED_CHARS) continue
    const body = requestBodyBytes(
      dialects[pane.dialect].buildRequest(paneRequest(conversation, pane), target).http,
    )
    if (body !== undefined) bodies.push({ dialect: pane.dialect, body })
    await nextTurnOfEventLoop()
  }
  return { texts, bodies }
}
