/// <reference lib="webworker" />
/**
 * The prompt-count worker: counts each pane's prompt with the gateway's rules and o200k (see
 * prompt-count-protocol.ts), remembering long texts' counts so a conversation counted once costs
 * lookups afterwards.
 */
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { createTokenCountCache } from '@shared/tokens/token-count-cache'
import { createPromptCounter } from './prompt-count-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope
const counter = createPromptCounter(createTokenCountCache(countTextTokens))

scope.onmessage = (event: MessageEvent<unknown>) => {
  const answer = counter.answer(event.data)
  if (answer !== undefined) scope.postMessage(answer)
}
