import { z } from 'zod'
import {
  ANTHROPIC_IMAGE_MEDIA_TYPES,
  ANTHROPIC_TOOL_ID_PATTERN,
  ANTHROPIC_TOOL_NAME_PATTERN,
} from './anthropic-constants'
import { ANTHROPIC_PARAMETER_RANGES, ANTHROPIC_REQUEST_LIMITS } from './anthropic-parameter-ranges'

/**
 * The strict schema of a Messages request body as this gateway accepts it (B1.2–B1.4). Unknown keys
 * are rejected with a 400 naming them, so a client never believes an ignored parameter took effect.
 *
 * Carried into the canonical request: `thinking` (with `output_config.effort` when adaptive),
 * `cache_control` on system blocks, message blocks, tool results, tools and at the top level, and
 * `thinking` / `redacted_thinking` blocks in assistant history (see decode-anthropic-messages.ts).
 *
 * Accepted and IGNORED (harmless: they tune or label the generation, and a simulator or an upstream
 * in the other dialect has nothing to apply them to):
 * - top level: `top_k`, `metadata`, `service_tier`, `inference_geo`, `speed`, and
 *   `output_config.effort` without adaptive thinking;
 * - blocks and tools: text `citations` (a reply echoed back may carry them), the newer tool flags
 *   `strict`, `eager_input_streaming`, `defer_loading`, `input_examples`, `allowed_callers`.
 * Rejected: `container`, `mcp_servers`, `context_management`, server tools, `document` blocks.
 */

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'Field required' : `must be ${what}`),
})

const cacheControl = z
  .strictObject({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() })
  .nullish()

/** `content: "text"` is shorthand for one text block; an empty string is no block at all. */
export const asBlocks = (value: unknown): unknown =>
  typeof value === 'string' ? (value === '' ? [] : [{ type: 'text', text: value }]) : value

const textBlock = z.strictObject({
  type: z.literal('text'),
  text: z.string().min(1, 'text content blocks must be non-empty'),
  cache_control: cacheControl,
  citations: z.array(z.unknown()).nullish(),
})

const imageBlock = z.strictObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('base64'),
      media_type: z.enum(ANTHROPIC_IMAGE_MEDIA_TYPES, {
        error: `must be one of ${ANTHROPIC_IMAGE_MEDIA_TYPES.join(', ')}`,
      }),
      data: z
        .string()
        .min(1, 'must not be empty')
        .regex(/^[A-Za-z0-9+/\s]+={0,2}\s*$/, 'must be bare base64 data (no data: URL prefix)'),
    }),
    z.strictObject({
      type: z.literal('url'),
      url: z.string().regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL'),
    }),
  ]),
  cache_control: cacheControl,
})

/** Listed only so the decoder can answer "not supported" instead of "unknown block type". */
const documentBlock = z.looseObject({ type: z.literal('document') })

const toolUseBlock = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string().regex(ANTHROPIC_TOOL_ID_PATTERN, 'must contain only letters, digits, _ and -'),
  name: z.string().min(1, 'must not be empty'),
  input: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }),
  cache_control: cacheControl,
})

const toolResultBlock = z.strictObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().regex(ANTHROPIC_TOOL_ID_PATTERN, 'must contain only letters, digits, _ and -'),
  content: z
    .preprocess(
      asBlocks,
      z.array(z.discriminatedUnion('type', [textBlock, imageBlock, documentBlock]), {
        error: 'must be a string or an array of content blocks',
      }),
    )
    .optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl,
})

const thinkingBlock = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
})

const redactedThinkingBlock = z.strictObject({ type: z.literal('redacted_thinking'), data: z.string() })

const anthropicRequestBlockSchema = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  documentBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
])
export type AnthropicRequestBlock = z.infer<typeof anthropicRequestBlockSchema>

const message = z.strictObject({
  // `system` entries: SDK 1.x (API 2026-10-21) sends mid-conversation system messages (B6).
  role: z.enum(['user', 'assistant', 'system'], required('"user", "assistant" or "system"')),
  content: z.preprocess(
    asBlocks,
    z.array(anthropicRequestBlockSchema, required('a string or an array of content blocks')),
  ),
})
export type AnthropicRequestMessage = z.infer<typeof message>

const customTool = z.strictObject({
  // Server tools (`web_search_20250305`, `bash_20250124`…) name a versioned type: no way to run them
  // here. Checked first so that is what the 400 says (zod reports issues in key order).
  type: z
    .literal('custom', { error: 'server tools are not supported by this gateway; only custom tools' })
    .optional(),
  name: z.string().regex(ANTHROPIC_TOOL_NAME_PATTERN, 'must match ^[a-zA-Z0-9_-]{1,128}$'),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown(), required('a JSON Schema object')),
  cache_control: cacheControl,
  strict: z.boolean().optional(),
  eager_input_streaming: z.boolean().nullish(),
  defer_loading: z.boolean().optional(),
  input_examples: z.array(z.unknown()).optional(),
  allowed_callers: z.array(z.string()).optional(),
})

const disableParallel = z.boolean().optional()
const toolChoice = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auto'), disable_parallel_tool_use: disableParallel }),
  z.strictObject({ type: z.literal('any'), disable_parallel_tool_use: disableParallel }),
  z.strictObject({
    type: z.literal('tool'),
    name: z.string().min(1, 'must not be empty'),
    disable_parallel_tool_use: disableParallel,
  }),
  z.strictObject({ type: z.literal('none') }),
])

const thinkingDisplay = z.enum(['summarized', 'omitted']).optional()
const thinking = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('enabled'),
    budget_tokens: z.int().min(1024, 'must be at least 1024'),
    display: thinkingDisplay,
  }),
  z.strictObject({ type: z.literal('disabled') }),
  z.strictObject({ type: z.literal('adaptive'), display: thinkingDisplay }),
])

const { minMaxTokens, maxModelChars, maxMessages, maxStopSequences } = ANTHROPIC_REQUEST_LIMITS

/** A number in one of the dialect's ranges, refused in the words the API uses. */
const inRange = ({ min, max }: { min: number; max: number }) =>
  z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`)

export const anthropicRequestSchema = z.strictObject({
  model: z
    .string(required('a string'))
    .min(1, 'must not be empty')
    .max(maxModelChars, `must be at most ${maxModelChars} characters`),
  max_tokens: z.int(required('an integer')).min(minMaxTokens, `must be at least ${minMaxTokens}`),
  messages: z
    .array(message, required('an array of messages'))
    .min(1, 'at least one message is required')
    .max(maxMessages, `at most ${maxMessages} messages`),
  system: z
    .preprocess(asBlocks, z.array(textBlock, { error: 'must be a string or an array of text blocks' }))
    .optional(),
  temperature: inRange(ANTHROPIC_PARAMETER_RANGES.temperature).optional(),
  top_p: inRange(ANTHROPIC_PARAMETER_RANGES.topP).optional(),
  // Accepted and ignored: the canonical request has no top_k (OpenAI has none either).
  top_k: z.int().min(0, 'must be at least 0').optional(),
  stop_sequences: z
    .array(z.string())
    .max(maxStopSequences, `at most ${maxStopSequences} stop sequences`)
    .optional(),
  stream: z.boolean().optional(),
  metadata: z.strictObject({ user_id: z.string().max(256).nullish() }).optional(),
  tools: z.array(customTool).optional(),
  tool_choice: toolChoice.optional(),
  thinking: thinking.optional(),
  service_tier: z.enum(['auto', 'standard_only']).optional(),
  output_config: z
    .strictObject({
      format: z
        .strictObject({
          type: z.literal('json_schema'),
          schema: z.record(z.string(), z.unknown(), required('a JSON Schema object')),
        })
        .nullish(),
      effort: z.enum(['low', 'medium', 'high', 'max']).nullish(),
    })
    .optional(),
  cache_control: cacheControl,
  inference_geo: z.string().nullish(),
  speed: z.enum(['standard', 'fast']).nullish(),
})
export type AnthropicRequestBody = z.infer<typeof anthropicRequestSchema>
