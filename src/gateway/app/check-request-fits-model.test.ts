import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import type { GatewayError } from '@shared/chat/errors'
import { estimatePromptTokens, promptTokensAtMost } from '../engines/simulator'
import type { ServedModel } from '../engines/engine'
import { checkRequestFitsModel } from './check-request-fits-model'

const estimator = { estimate: estimatePromptTokens, atMost: promptTokensAtMost }

/** Ordinary English: about four characters a token, so far under the 3-per-character bound. */
const PROSE = 'The quick brown fox jumps over the lazy dog. '.repeat(200)
const request: ChatRequest = {
  model: 'm',
  stream: false,
  maxTokens: 100,
  messages: [{ role: 'user', content: [{ type: 'text', text: PROSE }] }],
}
const promptTokens = estimatePromptTokens(request)
const modelWith = (contextLength: number): ServedModel => ({
  name: 'm',
  contextLength,
  vision: false,
  capabilityLabel: 'LLM (Text)',
})

function refusal(contextLength: number): GatewayError | undefined {
  try {
    checkRequestFitsModel(request, modelWith(contextLength), 'openai-chat', estimator)
    return undefined
  } catch (error) {
    return error as GatewayError
  }
}

describe('the context-length check', () => {
  it('accepts a prompt that fits by its real count though not by the cheap bound', () => {
    expect(promptTokensAtMost(request) + 100).toBeGreaterThan(promptTokens + 100)
    expect(refusal(promptTokens + 100)).toBeUndefined()
  })

  it('refuses a prompt one token over, quoting its real count', () => {
    const error = refusal(promptTokens + 99)
    expect(error?.kind).toBe('context_length_exceeded')
    expect(error?.message).toContain(`${promptTokens} in the messages, 100 in the completion`)
  })
})
