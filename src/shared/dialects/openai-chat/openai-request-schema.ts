import { z } from 'zod'
import { REASONING_EFFORTS } from '../../chat/chat-request'
import { OPENAI_PARAMETER_RANGES, OPENAI_REQUEST_LIMITS } from './openai-parameter-ranges'

/** Function and response-schema names (A1.4, A1.5). */
export const OPENAI_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/
const NAME_RULE = 'must be 1–64 characters of a-z, A-Z, 0-9, _ and -.'

/** Names the part type the gateway refused, instead of zod's "Invalid discriminator value". */
function unsupportedPartType(allowed: string) {
  return (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_union') return undefined
    const type = (issue.input as { type?: unknown } | undefined)?.type
    if (type === undefined) return `a content part needs a "type" (${allowed}).`
    return `content part type ${JSON.stringify(type)} is not supported here (use ${allowed}).`
  }
}

// Newer API snapshots let parts carry a cache breakpoint; it means nothing to this gateway (A1.3).
const cacheBreakpoint = z.object({ mode: z.string() }).nullish()

const textPart = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  prompt_cache_breakpoint: cacheBreakpoint,
})

const imagePart = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).nullish() }),
  prompt_cache_breakpoint: cacheBreakpoint,
})

/** An assistant turn copied back from a response may hold refusal parts. */
const refusalPart = z.strictObject({ type: z.literal('refusal'), refusal: z.string() })

function contentOf<T extends z.ZodType>(part: T) {
  return z.union([z.string(), z.array(part).min(1)], {
    error: 'must be a string or a non-empty array of content parts.',
  })
}

const textOnlyContent = contentOf(
  z.discriminatedUnion('type', [textPart], { error: unsupportedPartType('text') }),
)
const userContent = contentOf(
  z.discriminatedUnion('type', [textPart, imagePart], { error: unsupportedPartType('text or image_url') }),
)
const assistantContent = contentOf(
  z.discriminatedUnion('type', [textPart, refusalPart], { error: unsupportedPartType('text or refusal') }),
)

// `name` (participant name) is accepted on every role and ignored: nothing downstream carries it.
const participantName = z.string().nullish()

const systemMessage = z.strictObject({
  role: z.literal('system'),
  content: textOnlyContent,
  name: participantName,
})
const developerMessage = z.strictObject({
  role: z.literal('developer'),
  content: textOnlyContent,
  name: participantName,
})
const userMessage = z.strictObject({ role: z.literal('user'), content: userContent, name: participantName })

const toolCall = z.strictObject({
  id: z.string().min(1),
  type: z.literal('function', { error: 'only "function" tool calls are supported.' }),
  function: z.strictObject({ name: z.string().min(1), arguments: z.string() }),
})

const assistantMessage = z.strictObject({
  role: z.literal('assistant'),
  // Checked in the decoder: required unless tool_calls is present.
  content: assistantContent.nullish(),
  tool_calls: z.array(toolCall).nullish(),
  name: participantName,
  // What a client sends when it appends a previous response's `message` to its history verbatim:
  // accepted so that common loop works, and ignored (refusal text is kept as text).
  refusal: z.string().nullish(),
  annotations: z.array(z.unknown()).nullish(),
  audio: z.null().optional(),
  function_call: z.null().optional(),
  // Non-standard reasoning text a reply carried (DeepSeek/vLLM `reasoning_content`, OpenRouter
  // `reasoning` and `reasoning_details`), echoed back by clients that keep the message whole.
  reasoning_content: z.string().nullish(),
  reasoning: z.string().nullish(),
  reasoning_details: z.array(z.unknown()).nullish(),
})

const toolMessage = z.strictObject({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1),
  content: textOnlyContent,
})

const message = z.discriminatedUnion(
  'role',
  [systemMessage, developerMessage, userMessage, assistantMessage, toolMessage],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `role ${JSON.stringify((issue.input as { role?: unknown } | undefined)?.role)} is not supported (use system, developer, user, assistant or tool).`
        : undefined,
  },
)
export type OpenaiWireMessage = z.infer<typeof message>

const tool = z.strictObject({
  type: z.literal('function', { error: 'only "function" tools are supported.' }),
  function: z.strictObject({
    name: z.string().regex(OPENAI_NAME_PATTERN, NAME_RULE),
    description: z.string().nullish(),
    // Omitted means "no parameters"; the decoder checks the schema itself.
    parameters: z.record(z.string(), z.unknown()).nullish(),
    // Structured-output strictness is not enforced by this gateway; accepted and not carried.
    strict: z.boolean().nullish(),
  }),
})

const toolChoice = z.union(
  [
    z.enum(['none', 'auto', 'required']),
    z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: z.string() }) }),
  ],
  { error: 'must be "none", "auto", "required" or {"type":"function","function":{"name":…}}.' },
)

const responseFormat = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text') }),
    z.strictObject({ type: z.literal('json_object') }),
    z.strictObject({
      type: z.literal('json_schema'),
      json_schema: z.strictObject({
        name: z.string().regex(OPENAI_NAME_PATTERN, NAME_RULE),
        description: z.string().nullish(),
        schema: z.record(z.string(), z.unknown()),
        strict: z.boolean().nullish(),
      }),
    }),
  ],
  { error: 'type must be "text", "json_object" or "json_schema".' },
)

const maxTokens = z.int().min(OPENAI_REQUEST_LIMITS.minMaxTokens).nullish()

const reasoningEffort = z.enum(REASONING_EFFORTS, {
  error: (issue) =>
    `must be one of ${REASONING_EFFORTS.join(', ')}; got ${JSON.stringify(issue.input) ?? 'nothing'}.`,
})
const { temperature, topP } = OPENAI_PARAMETER_RANGES
const { maxStopSequences } = OPENAI_REQUEST_LIMITS

/**
 * The strict shape of a Chat Completions body this gateway accepts (A1.2). Unknown top-level fields
 * are refused with a 400 naming them, except these harmless ones, accepted and ignored: `user`,
 * `metadata`, `store`, `service_tier`, `safety_identifier`, and `logprobs: false`,
 * `frequency_penalty: 0`, `presence_penalty: 0` (their defaults: any other value would be silently
 * ignored, so it is refused). `null` means "not set" for every optional field, as in the API.
 */
export const openaiRequestSchema = z.strictObject({
  model: z.string().min(1),
  messages: z.array(message).min(1, 'must contain at least one message.'),
  temperature: z.number().min(temperature.min).max(temperature.max).nullish(),
  top_p: z.number().min(topP.min).max(topP.max).nullish(),
  max_tokens: maxTokens,
  max_completion_tokens: maxTokens,
  stop: z
    .union([z.string(), z.array(z.string()).min(1).max(maxStopSequences)], {
      error: `must be a string or an array of 1 to ${maxStopSequences} strings.`,
    })
    .nullish(),
  stream: z.boolean().nullish(),
  stream_options: z
    .strictObject({ include_usage: z.boolean().nullish(), include_obfuscation: z.boolean().nullish() })
    .nullish(),
  n: z.literal(1, { error: 'only 1 is supported.' }).nullish(),
  seed: z.int().nullish(),
  response_format: responseFormat.nullish(),
  tools: z.array(tool).nullish(),
  tool_choice: toolChoice.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  reasoning_effort: reasoningEffort.nullish(),
  prompt_cache_key: z.string().nullish(),

  user: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  store: z.boolean().nullish(),
  service_tier: z.string().nullish(),
  safety_identifier: z.string().nullish(),
  logprobs: z.literal(false, { error: 'only false is supported.' }).nullish(),
  frequency_penalty: z.literal(0, { error: 'only 0 is supported.' }).nullish(),
  presence_penalty: z.literal(0, { error: 'only 0 is supported.' }).nullish(),
})
export type OpenaiWireRequest = z.infer<typeof openaiRequestSchema>
