import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Dialect } from '@shared/dialects/dialect'
import type { ServedModel } from '../engines/engine'
import { headerReaderOf } from './caller'
import type { ChatBodyMemo } from './chat-body-memo'
import type { PromptTokenEstimator } from './check-request-fits-model'
import { errorReply, sendJson } from './error-reply'
import { readJsonBody } from './read-json-body'
import { replyBeforeBody } from './reply-before-body'
import { modelNotFound } from './served-models'

export type CountTokensOptions = {
  maxBodyBytes: number
  servedModel: (name: string) => ServedModel | undefined
  estimatePromptTokens: PromptTokenEstimator
  /** The chat requests' memo: a count of a conversation is mostly its last request's bytes. */
  chatBodies: ChatBodyMemo
}

/**
 * `POST …/messages/count_tokens` as the Messages API defines it: the body of a `/messages` call
 * without `max_tokens` (model, messages, system, tools, tool_choice…), answered with
 * `{"input_tokens": N}` from the same estimator the context-length check uses: thinking blocks count
 * in the current tool loop only (as the API drops earlier ones), `thinking` and `cache_control` cost
 * nothing themselves. Same headers, body rules and errors as `/messages` (the caller has set the
 * request ids and checked the key).
 */
export function createCountTokensHandler(options: CountTokensOptions) {
  return async function handleCountTokens(
    req: IncomingMessage,
    res: ServerResponse,
    dialect: Dialect,
    requestId: string,
  ): Promise<void> {
    try {
      dialect.checkHeaders(headerReaderOf(req))
      const body = await readJsonBody(req, options.maxBodyBytes, options.chatBodies)
      // The /messages decoder validates everything else; max_tokens means nothing to a count (only
      // a thinking budget must stay below it).
      const withMaxTokens =
        isObject(body) && !('max_tokens' in body) ? { ...body, max_tokens: placeholderMaxTokens(body) } : body
      const request = dialect.decodeRequest(withMaxTokens)
      if (options.servedModel(request.model) === undefined) throw modelNotFound(dialect, request.model)
      sendJson(res, 200, { input_tokens: options.estimatePromptTokens.estimate(request) })
    } catch (error) {
      if (res.headersSent || res.destroyed) return
      replyBeforeBody(req, res, errorReply(dialect, error, requestId))
    }
  }
}

/** A max_tokens the decoder accepts beside the body's thinking: just above its budget, else 1. */
function placeholderMaxTokens(body: Record<string, unknown>): number {
  const thinking = body['thinking']
  const budget = isObject(thinking) ? thinking['budget_tokens'] : undefined
  return typeof budget === 'number' && Number.isSafeInteger(budget) && budget > 0 ? budget + 1 : 1
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
