import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises'
import type { ChatRequest } from '@shared/chat/chat-request'
import { readyPromptTextCounts } from './estimate-prompt-tokens'
import { requestSeed } from './request-hash'

/**
 * The simulator's share of readying a conversation just opened (startGateway's `ready`): the seed of
 * each pane's request so far, so the send's seed hash resumes after the messages it shares with it
 * instead of hashing the whole transcript while the user waits (performance.md S1), then the token
 * counts of the texts the send will carry. One request per turn of the event loop, the texts in slices:
 * a request arriving meanwhile never waits long.
 */
export async function readySimulation(
  requests: readonly ChatRequest[],
  texts: readonly string[],
): Promise<void> {
  for (const request of requests) {
    requestSeed(request)
    await nextTurnOfEventLoop()
  }
  await readyPromptTextCounts(texts)
}
