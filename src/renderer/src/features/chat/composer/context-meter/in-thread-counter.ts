import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { createTokenCountCache } from '@shared/tokens/token-count-cache'
import { createPromptCounter } from './prompt-count-protocol'

/** The counter on the page's own thread, where no worker can run (tests in happy-dom). */
export function inThreadCounter(): ReturnType<typeof createPromptCounter> {
  return createPromptCounter(createTokenCountCache(countTextTokens))
}
