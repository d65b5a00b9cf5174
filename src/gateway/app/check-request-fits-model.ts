import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import type { ServedModel } from '../engines/engine'

export type PromptTokenEstimator = {
  /** The prompt's tokens as the gateway reports them (count_tokens, the context-length error). */
  estimate: (request: ChatRequest) => number
  /** A cheap bound `estimate` never exceeds: a request that fits by it fits. */
  atMost: (request: ChatRequest) => number
}

/**
 * Checks that depend on the model rather than on the dialect: the catalog says parallel tool calls are
 * unsupported, text models take no images, and prompt + max_tokens must fit the context length
 * (estimated with a real tokenizer; an estimate, as with every gateway that checks before sending).
 */
export function checkRequestFitsModel(
  request: ChatRequest,
  model: ServedModel,
  dialect: DialectId,
  estimatePromptTokens: PromptTokenEstimator,
): void {
  if (request.parallelToolCalls === true) {
    throw new GatewayError(
      'invalid_request',
      `parallel_tool_calls: ${model.name} does not support parallel tool calls (the catalog lists parallelToolCalls: false); omit the field or set it to false.`,
      { param: 'parallel_tool_calls' },
    )
  }
  if (!model.vision) {
    const index = request.messages.findIndex(
      (m) => m.role === 'user' && m.content.some((p) => p.type === 'image'),
    )
    if (index !== -1) {
      throw new GatewayError(
        'invalid_request',
        `messages.${index}.content: ${model.name} is a text-only model (${model.capabilityLabel}) and does not accept images; send images to a vision model.`,
        { param: `messages.${index}.content` },
      )
    }
  }
  const completionTokens = request.maxTokens ?? 0
  // The bound first: the real count (a tokenizer pass) only for a prompt that may not fit.
  if (estimatePromptTokens.atMost(request) + completionTokens <= model.contextLength) return
  const promptTokens = estimatePromptTokens.estimate(request)
  if (promptTokens + completionTokens > model.contextLength) {
    const maxTokensField = 'max_tokens'
    throw new GatewayError(
      'context_length_exceeded',
      dialect === 'anthropic-messages'
        ? `prompt is too long: ${promptTokens} tokens + ${completionTokens} max_tokens > ${model.contextLength} maximum context length of ${model.name}.`
        : `This model's maximum context length is ${model.contextLength} tokens. However, you requested ${promptTokens + completionTokens} tokens (${promptTokens} in the messages, ${completionTokens} in the completion). Please reduce the length of the messages or ${maxTokensField}.`,
      { param: 'messages' },
    )
  }
}
