import { z } from 'zod'
import type { StreamPart } from '../chat/stream-part'
import { chatRequestSchema, dialectErrorSchema, dialectIdSchema, usageSchema } from '../chat/chat-schemas'

/**
 * A run is one request sent by main on the renderer's behalf. Exactly one terminal state per run
 * (security.md §5): `completed` needs the dialect's end marker; a stream that just stops is
 * `incomplete`; errors in a 200 stream are `provider_error`; HTTP errors before streaming are
 * `provider_error` with a status; no connection / reset is `network_error`; the user's Stop is
 * `aborted`; connect, header and idle timeouts are `timeout`.
 */
const TERMINAL_STATES = [
  'completed',
  'incomplete',
  'provider_error',
  'network_error',
  'aborted',
  'timeout',
] as const
export const terminalStateSchema = z.enum(TERMINAL_STATES)
export type TerminalState = z.infer<typeof terminalStateSchema>

/** Metrics measured in main as bytes arrive (never from render updates: users notice, Jan PR #4159). */
const runMetricsSchema = z.strictObject({
  /** Epoch ms when the request was sent (after retries: the attempt that produced the reply). */
  startedAt: z.number(),
  /** Response headers received. */
  ttfbMs: z.number().optional(),
  /** First content (text, reasoning or tool-call) part received. */
  ttftMs: z.number().optional(),
  totalMs: z.number().optional(),
  /** Output tokens so far: usage when the server reported it, else a tokenizer estimate of what arrived. */
  outputTokens: z.number().nonnegative(),
  outputTokensEstimated: z.boolean(),
  /** Output tokens per second between the first and the latest content part, as they arrived. */
  tokensPerSecond: z.number().optional(),
  usage: usageSchema.optional(),
  /**
   * Time spent thinking: from the first reasoning part to the first answer part after it (text or a
   * tool call), summed over the reply's thinking spans; while it still thinks, to the latest one.
   */
  reasoningMs: z.number().nonnegative().optional(),
  /** Reasoning tokens: the server's count when it reported one, else an o200k estimate of the text. */
  reasoningTokens: z.number().nonnegative().optional(),
  reasoningTokensEstimated: z.boolean().optional(),
  /** Points of this reply (exact decimal string), from the catalog's usage reference. */
  points: z.string().optional(),
})
export type RunMetrics = z.infer<typeof runMetricsSchema>

const redactedHttpSchema = z.strictObject({
  method: z.string(),
  url: z.string(),
  /** Header values of credentials replaced by a redaction marker. */
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
  /** Set when `body` is only the head of the body sent: the whole body's length, in characters. */
  bodyChars: z.number().int().nonnegative().optional(),
})

const responseMetaSchema = z.strictObject({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  requestId: z.string().optional(),
})

const rawSseEventSchema = z.strictObject({
  /** ms since the request was sent. */
  atMs: z.number(),
  event: z.string().optional(),
  data: z.string(),
})
export type RawSseEvent = z.infer<typeof rawSseEventSchema>

export const paramAdjustmentSchema = z.strictObject({
  param: z.string(),
  action: z.enum(['clamped', 'dropped', 'defaulted', 'converted']),
  detail: z.string(),
})

export const runStartInputSchema = z.strictObject({
  profileId: z.string().min(1),
  dialect: dialectIdSchema,
  request: chatRequestSchema,
  /**
   * Fault injection of the local gateway's simulator (`x-simulate`: `status=429`, `midstream-error`,
   * `drop-after=5`…), to see how a client copes. Only for the local profile; printable ASCII only.
   */
  simulate: z
    .string()
    .max(200)
    .regex(/^[\x20-\x7e]*$/, 'printable ASCII only')
    .optional(),
})
export type RunStartInput = z.infer<typeof runStartInputSchema>

/**
 * A run of one pane of a saved conversation: main builds the request from the conversation it holds
 * (the state saved last), so a send into a long chat carries ids, not the transcript. `updatedAt`
 * names the state the renderer is saving beside it: main waits a moment for that save, and refuses
 * (`stale_conversation`) when it comes to hold another state instead.
 */
export const conversationRunStartSchema = z.strictObject({
  profileId: runStartInputSchema.shape.profileId,
  simulate: runStartInputSchema.shape.simulate,
  conversation: z.strictObject({
    id: z.string().min(1).max(128),
    paneId: z.string().min(1).max(128),
    updatedAt: z.number(),
    /** The user agreed to send a text-only model its history without the images (see drop-images). */
    withoutImages: z.boolean().optional(),
  }),
})
export type ConversationRunStart = z.infer<typeof conversationRunStartSchema>

/**
 * One batch of news about a run, sent at most once per animation frame per run. Fields are present
 * only when they changed; `seq` increases by one per batch so the renderer can prove nothing was lost.
 */
export const runUpdateSchema = z.strictObject({
  runId: z.string(),
  seq: z.number().int().nonnegative(),
  request: redactedHttpSchema.optional(),
  adjustments: z.array(paramAdjustmentSchema).optional(),
  response: responseMetaSchema.optional(),
  /** A retry is scheduled (only before the first token; honours retry-after). */
  retry: z.strictObject({ attempt: z.number().int(), delayMs: z.number(), reason: z.string() }).optional(),
  // Parts are produced by our own parsers in main; validated structurally by the reducer's switch.
  parts: z.array(z.custom<StreamPart>((v) => typeof v === 'object' && v !== null)).optional(),
  rawEvents: z.array(rawSseEventSchema).optional(),
  /** Raw events beyond the inspector's cap were not kept (the reply itself is complete). */
  rawEventsTruncated: z.boolean().optional(),
  metrics: runMetricsSchema.optional(),
  terminal: z
    .strictObject({
      state: terminalStateSchema,
      error: dialectErrorSchema.optional(),
      /** Plain-language explanation for network errors and timeouts. */
      message: z.string().optional(),
    })
    .optional(),
})
export type RunUpdate = z.infer<typeof runUpdateSchema>
