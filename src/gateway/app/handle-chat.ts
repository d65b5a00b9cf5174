import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ChatRequest } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import type { Dialect, EncodeContext } from '@shared/dialects/dialect'
import { encodeAdjustmentsHeader, GATEWAY_ADJUSTMENTS_HEADER } from '@shared/runs/gateway-adjustments-header'
import type { Engine, ServedModel } from '../engines/engine'
import type { GatewayConfig } from '../gateway-config'
import { writeSseReply } from '../stream/write-sse-reply'
import { headerReaderOf } from './caller'
import type { ChatBodyMemo } from './chat-body-memo'
import { checkRequestFitsModel, type PromptTokenEstimator } from './check-request-fits-model'
import { errorReply, sendJson } from './error-reply'
import { randomId } from './ids'
import { readJsonBody } from './read-json-body'
import { replyBeforeBody } from './reply-before-body'
import { modelNotFound } from './served-models'
import { collectWholeReply } from './whole-reply'

export type ChatHandlerOptions = {
  config: GatewayConfig
  /** The catalog model a request names, if the catalog has it. */
  servedModel: (name: string) => ServedModel | undefined
  engineFor: (model: ServedModel) => Engine
  estimatePromptTokens: PromptTokenEstimator
  /** Streams in flight, shared with the server for the concurrency bound. */
  activeStreams: { count: number }
  /** Recent request bodies: a chat's next request is parsed from where it parts from its last. */
  chatBodies: ChatBodyMemo
}

/**
 * `POST …/chat/completions` and `POST …/messages` on Node's own request and response (the listener has
 * stamped the request id and checked the key). The hot path of the gateway, so it stays off the
 * web Request/Response layer: body from the IncomingMessage, headers from its parsed object, one
 * write for a JSON reply, SSE written straight to the socket.
 *
 * Order of checks: dialect headers, body (type, size, JSON), strict decode (400 naming the field),
 * model (404), what the model supports (parallel tools, images, context length), stream capacity;
 * then the engine. Problems the engine finds before the first byte are HTTP errors; later ones go
 * in-band (writeSseReply).
 */
export function createChatHandler(options: ChatHandlerOptions) {
  const { config } = options

  return async function handleChat(
    req: IncomingMessage,
    res: ServerResponse,
    dialect: Dialect,
    requestId: string,
  ): Promise<void> {
    // Aborted when the client goes away before the reply is finished: engines stop, proxies hang up.
    const controller = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    const signal = controller.signal
    let streamSlot = false
    try {
      const header = headerReaderOf(req)
      dialect.checkHeaders(header)
      const body = await readJsonBody(req, config.maxBodyBytes, options.chatBodies)
      const request = dialect.decodeRequest(body)
      const model = options.servedModel(request.model)
      if (model === undefined) throw modelNotFound(dialect, request.model)
      checkRequestFitsModel(request, model, dialect.id, options.estimatePromptTokens)
      if (request.stream) {
        takeStreamSlot(options.activeStreams, config.maxConcurrentStreams)
        streamSlot = true
      }

      const reply = await options
        .engineFor(model)
        .start(request, { dialect: dialect.id, model, signal, header })
      const context = encodeContextFor(request, dialect)
      if (reply.adjustments !== undefined && reply.adjustments.length > 0)
        res.setHeader(GATEWAY_ADJUSTMENTS_HEADER, encodeAdjustmentsHeader(reply.adjustments))
      if (request.stream) {
        await writeSseReply(res, {
          encoder: dialect.encodeStream(context),
          reply,
          keepAlive: dialect.keepAlive(),
          keepAliveMs: config.keepAliveMs,
          signal,
          stopEngine: () => controller.abort(),
        })
        return
      }
      const result = await collectWholeReply(reply, res)
      if (result !== undefined) sendJson(res, 200, dialect.encodeResponse(result, context))
    } catch (error) {
      if (signal.aborted) return
      if (res.headersSent) {
        // Only a bug gets here (stream errors are written in-band): do not leave the client hanging.
        res.destroy()
        return
      }
      replyBeforeBody(req, res, errorReply(dialect, error, requestId))
    } finally {
      if (streamSlot) options.activeStreams.count--
    }
  }
}

/** One more stream, or a 529/503 `overloaded` when the gateway serves its maximum already. */
function takeStreamSlot(activeStreams: { count: number }, maxConcurrentStreams: number): void {
  if (activeStreams.count >= maxConcurrentStreams) {
    throw new GatewayError(
      'overloaded',
      `The gateway is serving ${maxConcurrentStreams} streams already; retry shortly.`,
    )
  }
  activeStreams.count++
}

/** The reply's identity, as the encoders write it. */
function encodeContextFor(request: ChatRequest, dialect: Dialect): EncodeContext {
  return {
    id: randomId(dialect.messageIdPrefix),
    model: request.model,
    created: Math.floor(Date.now() / 1000),
    includeUsage: request.includeUsage ?? false,
  }
}
