import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises'
import type { ChatRequest } from '@shared/chat/chat-request'
import { rememberPromptTextCounts } from './estimate-prompt-tokens'
import { requestSeed } from './request-hash'

export type PromptsToRemember = {
  /** The texts the coming requests carry: their token counts are taken ahead (in slices). */
  texts: string[]
  /** The requests as they stand (each pane's, before the new turn): their seeds' hash is resumed. */
  requests: ChatRequest[]
}

/**
 * A conversation just opened, readied for its first send: the seed of each pane's request so far
 * (the send adds a turn, and the seed hash resumes after the messages it shares: ~15 ms per pane
 * of a 1M-token conversation that the send does not wait for), then the token counts.
 */
export async function rememberPrompts(prompts: PromptsToRemember): Promise<void> {
  for (const request of prompts.requests) {
    requestSeed(request)
    await nextTurnOfEventLoop()
  }
  await rememberPromptTextCounts(prompts.texts)
}
