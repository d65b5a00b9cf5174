import { z } from 'zod'
import { chatRequestSchema, dialectIdSchema } from '@shared/chat/chat-schemas'
import { GATEWAY_ERROR_KINDS } from '@shared/chat/errors'

/**
 * A cassette: one recorded exchange with an upstream, as the upstream spoke it (docs/cassettes.md).
 * Replay feeds its events through the same decoder as a live reply, so what is kept is the wire
 * (SSE events with their arrival times, or the JSON body), never parts of our own making.
 */
export const CASSETTE_FORMAT = 'model-gateway-playground/cassette'
export const CASSETTE_VERSION = 1

/** One SSE event as the upstream sent it, `atMs` after the request went out. */
const cassetteEventSchema = z.strictObject({
  atMs: z.number().nonnegative(),
  event: z.string().optional(),
  id: z.string().optional(),
  data: z.string(),
})
export type CassetteEvent = z.infer<typeof cassetteEventSchema>

/** What went wrong with an exchange that did not end cleanly, in the gateway's neutral words. */
const cassetteErrorSchema = z.strictObject({
  kind: z.enum(GATEWAY_ERROR_KINDS),
  message: z.string(),
  status: z.number().int().optional(),
})

/**
 * How the exchange ended: `ended` the body ended (whether the dialect's end marker came is in the
 * events), `broken` the connection broke or went silent mid-body, `aborted` the client left,
 * `failed` no response came at all (unreachable, timed out before answering).
 */
const cassetteEndSchema = z.strictObject({
  state: z.enum(['ended', 'broken', 'aborted', 'failed']),
  atMs: z.number().nonnegative(),
  error: cassetteErrorSchema.optional(),
})
export type CassetteEnd = z.infer<typeof cassetteEndSchema>

const cassetteResponseSchema = z.strictObject({
  /** HTTP status; absent when no response came (`end.state` is then `failed`). */
  status: z.number().int().min(100).max(599).optional(),
  /** Response headers, lower-cased, credentials removed, the key redacted from every value. */
  headers: z.record(z.string(), z.string()),
  /** An event stream: every event in order. */
  events: z.array(cassetteEventSchema).optional(),
  /** A body that is JSON (a reply or an error), as parsed. */
  body: z.unknown().optional(),
  /** A body that is not JSON, as text. */
  bodyText: z.string().optional(),
  end: cassetteEndSchema,
})
export type CassetteResponse = z.infer<typeof cassetteResponseSchema>

/** Built around a request schema: the strict canonical one to read, a loose one for the JSON Schema. */
function cassetteSchemaWith<R extends z.ZodType>(requestSchema: R) {
  return z.strictObject({
    format: z.literal(CASSETTE_FORMAT),
    version: z.literal(CASSETTE_VERSION),
    /** ISO 8601. */
    recordedAt: z.string(),
    /** `gateway`: the local gateway's proxy (`--record`); `app`: the app's inspector; `eval`: `npm run eval -- --record`. */
    recordedBy: z.enum(['gateway', 'app', 'eval']),
    /** sha256 of the canonical request's match meaning (cassette-hash.ts, docs/cassettes.md). */
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    /** The canonical chat request as the client sent it (src/shared/chat/chat-request.ts). */
    request: requestSchema,
    upstream: z.strictObject({
      dialect: dialectIdSchema,
      /** Where it was sent, without query or credentials. */
      url: z.string().optional(),
      /** The model named upstream, when it differs from the request's. */
      model: z.string().optional(),
    }),
    response: cassetteResponseSchema,
  })
}

export const cassetteSchema = cassetteSchemaWith(chatRequestSchema)
export type Cassette = z.infer<typeof cassetteSchema>

/** The JSON Schema of cassette files (docs/cassette.schema.json; a test keeps the file current). */
export function cassetteJsonSchema(): Record<string, unknown> {
  const looseRequest = z.looseObject({
    model: z.string(),
    messages: z.array(z.unknown()),
    stream: z.boolean(),
  })
  return {
    ...z.toJSONSchema(cassetteSchemaWith(looseRequest), { target: 'draft-2020-12', unrepresentable: 'any' }),
    $id: 'https://model-gateway-playground.invalid/cassette.schema.json',
    title: 'Model Gateway Playground cassette',
  }
}
