import { z } from 'zod'
import {
  CACHE_TTLS,
  DIALECT_IDS,
  REASONING_DISPLAYS,
  REASONING_EFFORTS,
  type AssistantContentPart,
  type ChatMessage,
  type ChatRequest,
  type ReasoningSetting,
} from './chat-request'
import type { FinishReason, Usage } from './chat-result'
import type { DialectError } from './errors'
import { GATEWAY_ERROR_KINDS } from './errors'

/**
 * zod schemas of the canonical chat types, for data that crosses a trust boundary inside the app
 * (IPC from the renderer, history files, imports). They mirror chat-request.ts / chat-result.ts;
 * the `satisfies` checks below keep the two from drifting apart.
 */
export const jsonSchemaSchema = z.record(z.string(), z.unknown())

const imageSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('base64'), mediaType: z.string().min(1).max(100), data: z.string() }),
  z.strictObject({ kind: z.literal('url'), url: z.string().min(1) }),
])

export const cacheBreakpointSchema = z.strictObject({ ttl: z.enum(CACHE_TTLS).optional() })

const textPartSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  cache: cacheBreakpointSchema.optional(),
})
const imagePartSchema = z.strictObject({
  type: z.literal('image'),
  source: imageSourceSchema,
  cache: cacheBreakpointSchema.optional(),
})
const toolCallPartSchema = z.strictObject({
  type: z.literal('tool-call'),
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
  cache: cacheBreakpointSchema.optional(),
})
const reasoningPartSchema = z.strictObject({
  type: z.literal('reasoning'),
  text: z.string(),
  signature: z.string().optional(),
})
const redactedReasoningPartSchema = z.strictObject({
  type: z.literal('redacted-reasoning'),
  data: z.string(),
})

/** What a reply's content may hold: ChatResult.content and an assistant message's content. */
const assistantContentPartSchema = z.discriminatedUnion('type', [
  textPartSchema,
  toolCallPartSchema,
  reasoningPartSchema,
  redactedReasoningPartSchema,
])

export const chatMessageSchema = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('user'), content: z.array(z.union([textPartSchema, imagePartSchema])) }),
  z.strictObject({ role: z.literal('assistant'), content: z.array(assistantContentPartSchema) }),
  z.strictObject({
    role: z.literal('tool'),
    toolCallId: z.string(),
    content: z.string(),
    isError: z.boolean().optional(),
    cache: cacheBreakpointSchema.optional(),
  }),
])

export const toolDefinitionSchema = z.strictObject({
  name: z.string().min(1).max(128),
  description: z.string().optional(),
  parameters: jsonSchemaSchema,
  cache: cacheBreakpointSchema.optional(),
})

export const reasoningSettingSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('off') }),
  z.strictObject({
    type: z.literal('budget'),
    budgetTokens: z.number().int().positive(),
    display: z.enum(REASONING_DISPLAYS).optional(),
  }),
  z.strictObject({
    type: z.literal('adaptive'),
    display: z.enum(REASONING_DISPLAYS).optional(),
    effort: z.enum(REASONING_EFFORTS).optional(),
  }),
  z.strictObject({ type: z.literal('effort'), effort: z.enum(REASONING_EFFORTS) }),
])

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.strictObject({ name: z.string().min(1) }),
])

export const responseFormatSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    name: z.string().min(1),
    description: z.string().optional(),
    schema: jsonSchemaSchema,
    strict: z.boolean().optional(),
  }),
])

export const chatRequestSchema = z.strictObject({
  model: z.string().min(1),
  system: z.string().optional(),
  systemCache: cacheBreakpointSchema.optional(),
  messages: z.array(chatMessageSchema),
  temperature: z.number().finite().optional(),
  topP: z.number().finite().optional(),
  maxTokens: z.number().int().positive().optional(),
  stop: z.array(z.string()).optional(),
  stream: z.boolean(),
  includeUsage: z.boolean().optional(),
  responseFormat: responseFormatSchema.optional(),
  tools: z.array(toolDefinitionSchema).optional(),
  toolChoice: toolChoiceSchema.optional(),
  parallelToolCalls: z.boolean().optional(),
  seed: z.number().int().optional(),
  reasoning: reasoningSettingSchema.optional(),
  promptCacheKey: z.string().optional(),
})

export const dialectIdSchema = z.enum(DIALECT_IDS)

export const usageSchema = z.strictObject({
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
  cacheReadTokens: z.number().nonnegative().optional(),
  cacheWriteTokens: z.number().nonnegative().optional(),
  reasoningTokens: z.number().nonnegative().optional(),
})

export const finishReasonSchema = z.strictObject({
  unified: z.enum(['stop', 'length', 'tool-calls', 'content-filter', 'error', 'other']),
  raw: z.string(),
  stopSequence: z.string().optional(),
})

export const dialectErrorSchema = z.strictObject({
  status: z.number().int().optional(),
  type: z.string(),
  message: z.string(),
  code: z.string().nullish(),
  param: z.string().nullish(),
  requestId: z.string().optional(),
  kind: z.enum(GATEWAY_ERROR_KINDS).optional(),
})

// Compile-time guards: each schema accepts exactly the TypeScript type it stands for.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const _request: Same<z.infer<typeof chatRequestSchema>, ChatRequest> = true
const _reasoning: Same<z.infer<typeof reasoningSettingSchema>, ReasoningSetting> = true
const _content: Same<z.infer<typeof assistantContentPartSchema>, AssistantContentPart> = true
const _message: Same<z.infer<typeof chatMessageSchema>, ChatMessage> = true
const _usage: Same<z.infer<typeof usageSchema>, Usage> = true
const _finish: Same<z.infer<typeof finishReasonSchema>, FinishReason> = true
const _error: Same<z.infer<typeof dialectErrorSchema>, DialectError> = true
void [_request, _reasoning, _content, _message, _usage, _finish, _error]
