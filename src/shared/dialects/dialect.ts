import type { ChatRequest, DialectId } from '../chat/chat-request'
import type { ChatResult } from '../chat/chat-result'
import type { DialectError, GatewayError } from '../chat/errors'
import type { StreamPart } from '../chat/stream-part'
import type { HttpRequest, Target } from '../http/http-request'
import type { SseFrame, SseMessage } from './sse/sse-message'

/**
 * What a dialect did to a canonical request to make it fit its wire format. The playground shows these
 * ("temperature 1.5 clamped to 1: Messages accepts 0–1"), which is the heart of comparing dialects.
 */
export type ParamAdjustment = {
  /** Canonical parameter name: `temperature`, `maxTokens`, `responseFormat`, `seed`… */
  param: string
  action: 'clamped' | 'dropped' | 'defaulted' | 'converted'
  /** One plain sentence for the user. */
  detail: string
}

export type BuiltRequest = { http: HttpRequest; adjustments: ParamAdjustment[] }

/** A numeric parameter's accepted range in a dialect, and the words a clamp into it is told in. */
export type ParamRange = {
  /** Canonical parameter name (`temperature`, `topP`). */
  param: string
  /** The field as the wire calls it, for the user's sentence (`top_p`). */
  wireName: string
  min: number
  max: number
  /** The dialect's name in the sentence: "Messages accepts 0–1". */
  dialectLabel: string
}

/**
 * The sampling parameters' ranges a dialect accepts, written once: its gateway schema and fast path
 * refuse outside them, its request builder clamps into them, the renderer's sliders span them.
 */
export type ParameterRanges = { temperature: ParamRange; topP: ParamRange }

/**
 * Stateful stream translators with a synchronous core. Why not a TransformStream: a web-stream hop per
 * SSE event costs microseconds, and the parser must keep up with hundreds of MB/s (performance.md P1)
 * and the gateway with hundreds of concurrent streams (G3). `toTransformStream` adapts either one.
 */
export type StreamParser = {
  /** Parts produced by one SSE event (often zero or one, sometimes several). */
  push(event: SseMessage): StreamPart[]
  /** The byte stream ended (EOF). Closes open tool calls; never invents an `end` part. */
  end(): StreamPart[]
}

export type StreamEncoder = {
  push(part: StreamPart): SseFrame[]
  /** The part stream ended; returns nothing more if a terminal event was already written. */
  end(): SseFrame[]
}

/** What a server encoder needs to know that is not in the parts: identity of the reply. */
export type EncodeContext = {
  /** Reply id with the dialect's prefix (`chatcmpl-…`, `msg_…`), made by the gateway. */
  id: string
  model: string
  /** Unix seconds. */
  created: number
  /** OpenAI: send the final `choices: []` usage chunk only when the client asked for it. */
  includeUsage: boolean
}

/** Read a request header case-insensitively (the gateway adapts its framework's headers to this). */
export type HeaderReader = (name: string) => string | undefined
/** A query parameter of the request, undefined when absent. */
export type QueryReader = (name: string) => string | undefined

export type ModelListEntry = { id: string; displayName: string; createdAt: Date }

export interface Dialect {
  id: DialectId
  /** Short human name: `OpenAI (chat completions)`. */
  label: string
  /** Path under the base URL: `/chat/completions` or `/messages`. */
  path: string
  /** Response header carrying the request id in this dialect (`x-request-id` / `request-id`). */
  requestIdHeader: string
  /** Prefix of reply ids in this dialect: `chatcmpl-` or `msg_`. */
  messageIdPrefix: string
  /** What temperature and top_p may be in this dialect. */
  parameterRanges: ParameterRanges

  // ── client half ──────────────────────────────────────────────────────────
  buildRequest(request: ChatRequest, target: Target): BuiltRequest
  parseResponse(json: unknown): ChatResult
  parseStream(): StreamParser
  /** Any non-2xx body (JSON or not) into a DialectError; `requestId` from the response headers. */
  parseError(status: number, body: string, requestId?: string): DialectError

  // ── server half (the gateway) ────────────────────────────────────────────
  /** The API key the caller presented, if any, in this dialect's places. */
  readApiKey(header: HeaderReader): string | undefined
  /** Dialect-required headers (Messages: `anthropic-version`); throws GatewayError. */
  checkHeaders(header: HeaderReader): void
  /** Strictly validate a parsed JSON body; throws GatewayError('invalid_request', …, { param }). */
  decodeRequest(body: unknown): ChatRequest
  encodeResponse(result: ChatResult, context: EncodeContext): unknown
  encodeStream(context: EncodeContext): StreamEncoder
  /** The HTTP error in this dialect's shape (Messages bodies carry `request_id` when given). */
  encodeError(error: GatewayError, requestId?: string): { status: number; body: unknown }
  /** Keep-alive frame for long pauses (a comment, or Messages' `ping` event). */
  keepAlive(): SseFrame
  /** `GET /models`, paged by the query where the dialect pages (Messages); throws GatewayError. */
  encodeModelList(models: ModelListEntry[], query: QueryReader): unknown
  /** `GET /models/{id}`: one model, as its list entry reads. */
  encodeModel(model: ModelListEntry): unknown
}
