import { z } from 'zod'
import {
  cacheBreakpointSchema,
  chatMessageSchema,
  dialectErrorSchema,
  dialectIdSchema,
  finishReasonSchema,
  reasoningSettingSchema,
  responseFormatSchema,
  toolChoiceSchema,
  toolDefinitionSchema,
  usageSchema,
} from '../chat/chat-schemas'
import { paramAdjustmentSchema, terminalStateSchema } from '../runs/run-types'
import { TEMPLATE_LIMITS, VARIABLE_NAME } from '../templates/template'

/** Sampling and tool parameters of a conversation, shared by its panes. */
const chatParamsSchema = z.strictObject({
  temperature: z.number().optional(),
  topP: z.number().optional(),
  maxTokens: z.number().int().positive().optional(),
  stop: z.array(z.string()).default([]),
  stream: z.boolean().default(true),
  seed: z.number().int().optional(),
  responseFormat: responseFormatSchema.optional(),
  tools: z.array(toolDefinitionSchema).optional(),
  toolChoice: toolChoiceSchema.optional(),
  /** Thinking (Messages) or reasoning effort (Chat Completions); absent: the server's default. */
  reasoning: reasoningSettingSchema.optional(),
  /** Chat Completions `prompt_cache_key`; empty is not sent. */
  promptCacheKey: z.string().max(1024).optional(),
  /** Messages cache breakpoints after the system prompt and after the last tool. */
  systemCache: cacheBreakpointSchema.optional(),
  toolsCache: cacheBreakpointSchema.optional(),
})
export type ChatParams = z.infer<typeof chatParamsSchema>

/** What is kept about a reply once it reached its terminal state (a crash mid-stream loses only it). */
const replyRecordSchema = z.strictObject({
  dialect: dialectIdSchema,
  model: z.string(),
  state: terminalStateSchema,
  finish: finishReasonSchema.optional(),
  usage: usageSchema.optional(),
  error: dialectErrorSchema.optional(),
  reasoning: z.string().optional(),
  metrics: z
    .strictObject({
      ttfbMs: z.number().optional(),
      ttftMs: z.number().optional(),
      totalMs: z.number().optional(),
      tokensPerSecond: z.number().optional(),
      outputTokens: z.number().optional(),
      points: z.string().optional(),
      /** Thinking time and tokens (run-types.ts says how they are measured); absent: no thinking. */
      reasoningMs: z.number().optional(),
      reasoningTokens: z.number().optional(),
      reasoningTokensEstimated: z.boolean().optional(),
    })
    .default({}),
  adjustments: z.array(paramAdjustmentSchema).default([]),
  createdAt: z.number(),
})
export type ReplyRecord = z.infer<typeof replyRecordSchema>

/**
 * A message of the transcript: the canonical message plus an id, for replies what happened, and when
 * its text was last edited by hand (replies written before an edit above them are stale).
 */
export const storedMessageSchema = z.intersection(
  chatMessageSchema,
  z.object({
    id: z.string().min(1),
    reply: replyRecordSchema.optional(),
    editedAt: z.number().optional(),
  }),
)
export type StoredMessage = z.infer<typeof storedMessageSchema>

/** What a pane can have of its own in compare mode: the system prompt and each parameter. */
export const settingKeySchema = z.enum([
  'system',
  'temperature',
  'topP',
  'maxTokens',
  'stop',
  'stream',
  'seed',
  'responseFormat',
  'tools',
  'toolChoice',
  'reasoning',
  'promptCacheKey',
  'systemCache',
  'toolsCache',
])
export type SettingKey = z.infer<typeof settingKeySchema>
// Every parameter can be unlinked: a parameter added to chatParamsSchema must be listed above.
const everyParamIsASetting: Exclude<keyof ChatParams, SettingKey> extends never ? true : false = true
void everyParamIsASetting

/** A system prompt and parameters: the conversation's shared ones, or a pane's own. */
const chatSettingsSchema = z.strictObject({ system: z.string().default(''), params: chatParamsSchema })
export type ChatSettings = z.infer<typeof chatSettingsSchema>

/**
 * Panes a conversation may have side by side: one, or up to four in compare mode (model × dialect ×
 * settings variants). Files of older versions hold one or two: they read as they are.
 */
export const MAX_PANES = 4

/** One column of the chat: a target (dialect + model) and its own transcript. Compare mode has 2–4. */
export const paneSchema = z.strictObject({
  id: z.string().min(1),
  dialect: dialectIdSchema,
  model: z.string(),
  messages: z.array(storedMessageSchema),
  /** The pane's own values of the settings the conversation lists as `unlinked` (others are unused). */
  settings: chatSettingsSchema.optional(),
})
export type Pane = z.infer<typeof paneSchema>

/** One pane, the same model through both dialects, or two models through one dialect. */
const compareModeSchema = z.enum(['off', 'dialects', 'models'])
export type CompareMode = z.infer<typeof compareModeSchema>

/**
 * The second pane of each compare mode while another mode is shown: switching to Single (or to the
 * other mode) sets it aside with its own replies, and choosing that mode again brings it back, so a
 * mode switch never drops a reply (saved with the conversation, so a reload keeps them too).
 */
const setAsidePanesSchema = z.strictObject({
  dialects: paneSchema.optional(),
  models: paneSchema.optional(),
})

/**
 * A blind comparison's verdict on one turn: the pane preferred (by index) or a tie, and what each
 * pane was when the vote was cast (so the scoreboard stays true when panes change later).
 */
const blindVoteSchema = z.strictObject({
  turnId: z.string().min(1),
  winner: z.union([
    z
      .number()
      .int()
      .nonnegative()
      .max(MAX_PANES - 1),
    z.literal('tie'),
  ]),
  contenders: z
    .array(z.strictObject({ model: z.string(), dialect: dialectIdSchema, settings: z.string().max(500) }))
    .min(2)
    .max(MAX_PANES),
  at: z.number(),
})
export type BlindVote = z.infer<typeof blindVoteSchema>

const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

export const conversationSchema = z.strictObject({
  version: z.literal(1),
  id: z.string().regex(CONVERSATION_ID_PATTERN),
  title: z.string().max(200),
  createdAt: z.number(),
  updatedAt: z.number(),
  profileId: z.string().optional(),
  system: z.string().default(''),
  params: chatParamsSchema,
  panes: z.array(paneSchema).min(1).max(MAX_PANES),
  /** Absent in files saved before it was kept: then read from the panes (see compareModeOf). */
  compare: compareModeSchema.optional(),
  setAside: setAsidePanesSchema.optional(),
  /** Settings each pane has its own value of (compare); all others are the conversation's, shared. */
  unlinked: z.array(settingKeySchema).optional(),
  /** Compare with the panes' labels hidden until a vote on the latest turn (blind-votes.ts). */
  blind: z.boolean().optional(),
  /** Votes cast in blind mode, oldest first. */
  votes: z.array(blindVoteSchema).max(10_000).optional(),
  /**
   * Values of the `{{variables}}` in the system prompt and messages. Absent: nothing is filled (text
   * is sent as written); present: every send and the code views fill the request with them.
   */
  variables: z
    .record(z.string().regex(VARIABLE_NAME), z.string().max(TEMPLATE_LIMITS.valueChars))
    .refine((values) => Object.keys(values).length <= TEMPLATE_LIMITS.variables, 'too many variables')
    .optional(),
})
export type Conversation = z.infer<typeof conversationSchema>

/**
 * `updatedAt` for a change made at `now`: later than the state it changes, even within one
 * millisecond, so a save and a send name one state by it (a send's request is built by main from the
 * state its save leaves there, and a state of the same moment with the reply placeholders added must
 * not pass for it).
 */
export function nextUpdatedAt(conversation: Pick<Conversation, 'updatedAt'>, now: number): number {
  return Math.max(now, conversation.updatedAt + 1)
}

export const conversationSummarySchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  updatedAt: z.number(),
  messageCount: z.number().int(),
  models: z.array(z.string()),
})
export type ConversationSummary = z.infer<typeof conversationSummarySchema>

export function summarizeConversation(conversation: Conversation): ConversationSummary {
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt,
    messageCount: Math.max(...conversation.panes.map((p) => p.messages.length)),
    models: [...new Set(conversation.panes.map((p) => p.model))],
  }
}
