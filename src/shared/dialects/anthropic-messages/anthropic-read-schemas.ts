import { z } from 'zod'

/**
 * Lenient schemas for what the CLIENT half reads (responses, stream events, error bodies). Every
 * field is `.nullish()` and unknown keys are ignored: servers add fields over time (`container`,
 * `stop_details`, `diagnostics`…) and compatible servers omit some. A wrong type for a field we need
 * makes that one block or event unreadable, never the whole reply.
 */
const anthropicUsageReadSchema = z.object({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  output_tokens_details: z.object({ thinking_tokens: z.number().nullish() }).nullish(),
})

export const anthropicContentBlockReadSchema = z.object({
  type: z.string(),
  text: z.string().nullish(),
  thinking: z.string().nullish(),
  signature: z.string().nullish(),
  data: z.string().nullish(),
  id: z.string().nullish(),
  name: z.string().nullish(),
  input: z.unknown().optional(),
})

export const anthropicMessageReadSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  content: z.array(z.unknown()).nullish(),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: anthropicUsageReadSchema.nullish(),
})

export const anthropicErrorBodyReadSchema = z.object({
  error: z.object({ type: z.string().nullish(), message: z.string().nullish() }),
  request_id: z.string().nullish(),
})

export const anthropicMessageStartReadSchema = z.object({
  message: z
    .object({
      id: z.string().nullish(),
      model: z.string().nullish(),
      usage: anthropicUsageReadSchema.nullish(),
    })
    .nullish(),
})

export const anthropicContentBlockStartReadSchema = z.object({
  index: z.number().nullish(),
  content_block: anthropicContentBlockReadSchema,
})

export const anthropicMessageDeltaReadSchema = z.object({
  delta: z.object({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }).nullish(),
  usage: anthropicUsageReadSchema.nullish(),
})
