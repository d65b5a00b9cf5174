import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises'
import type { ReadyBody } from '@gateway'
import { forEachTextInSlices } from '@node/async/for-each-text-in-slices'
import { dialects } from '@shared/dialects'
import type { Conversation } from '@shared/history/conversation'
import { paneRequest } from '@shared/history/pane-request'
import { messageTextsOf, promptTextsOf } from '@shared/history/prompt-texts'
import type { Target } from '@shared/http/http-request'
import { readyAsciiJsonLiteral } from '@shared/http/json-ascii'
import { requestBodyBytes } from '@shared/http/json-request-body'
import type { Profile } from '@shared/settings/settings-schema'
import type { LocalGateway } from './start-local-gateway'

/**
 * A pane whose messages hold more text than this is not readied: writing its body in one go would hold
 * main's thread too long (performance.md S1), and its first send is simply parsed whole by the gateway.
 */
const MAX_READY_CHARS = 8 * 1024 * 1024

/**
 * Readies a conversation just opened for its first send, so that send does not redo over the whole
 * transcript what the sends before it did (performance.md S1). The one place main decides this:
 * - every text's JSON literal is written now, for any profile (main writes every request body), so
 *   the send escapes only its new turn;
 * - for the local gateway only (the one whose context check and parsing this spares; a remote
 *   profile's conversation is not counted), each pane's request so far is built as the very bytes
 *   main's run will send, and handed with the texts to the gateway's `ready` (start-gateway.ts).
 * One pane per turn of main's event loop, texts in slices: the app stays responsive meanwhile.
 */
export async function readyOpenedConversation(
  conversation: Conversation,
  options: {
    /** The active profile when the conversation was opened: its sends go there. */
    activeProfile: Pick<Profile, 'kind'>
    gateway: Pick<LocalGateway, 'apiKey' | 'baseUrl' | 'ready'>
  },
): Promise<void> {
  const { activeProfile, gateway } = options
  const texts = promptTextsOf(conversation)
  await forEachTextInSlices(texts, readyAsciiJsonLiteral)
  if (activeProfile.kind !== 'local') return
  const bodies = await readyBodies(conversation, { baseUrl: gateway.baseUrl(), apiKey: gateway.apiKey })
  gateway.ready({ bodies, texts })
}

/**
 * Each pane's request so far, as the bytes main's run will send (the same dialect build, so a send's
 * body begins with them). Each body has its own ArrayBuffer: it is transferred to the gateway's
 * thread, not copied.
 */
async function readyBodies(conversation: Conversation, target: Target): Promise<ReadyBody[]> {
  const bodies: ReadyBody[] = []
  for (const pane of conversation.panes) {
    const chars = messageTextsOf(pane).reduce((sum, text) => sum + text.length, 0)
    if (chars > MAX_READY_CHARS) continue
    const body = requestBodyBytes(
      dialects[pane.dialect].buildRequest(paneRequest(conversation, pane), target).http,
    )
    if (body !== undefined) bodies.push({ dialect: pane.dialect, body })
    await nextTurnOfEventLoop()
  }
  return bodies
}
