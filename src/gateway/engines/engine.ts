import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import type { StreamPart } from '@shared/chat/stream-part'
import type { HeaderReader, ParamAdjustment } from '@shared/dialects/dialect'

/** What the gateway knows about a catalog model when it serves a request for it. */
export type ServedModel = {
  name: string
  contextLength: number
  vision: boolean
  /** The capability label of the catalog (`VLM (Vision)`, `LLM (Text)`), for error messages. */
  capabilityLabel: string
}

export type EngineContext = {
  /** The dialect the client speaks (the simulator mentions it; the proxy may translate to another). */
  dialect: DialectId
  model: ServedModel
  /** Aborted when the client disconnects: stop generating, abort the upstream. */
  signal: AbortSignal
  header: HeaderReader
}

export type EngineReply = {
  /** Parts in batches as they become due; the iterable ends when the reply ends. */
  batches: AsyncIterable<StreamPart[]>
  /** Fault injection: cut the connection after this many content parts, with no terminal event. */
  dropAfterParts?: number
  /** What a proxy changed or dropped to fit the upstream's dialect; the route sends it as a header. */
  adjustments?: ParamAdjustment[]
}

/**
 * An engine produces a reply for a decoded request. Problems known before the first byte (upstream
 * 4xx/5xx, simulated statuses) are thrown as GatewayError so the client gets a real HTTP error;
 * problems after that travel in-band as `error` parts.
 */
export interface Engine {
  start(request: ChatRequest, context: EngineContext): Promise<EngineReply>
}
