import { z } from 'zod'

/**
 * Lenient schemas for what we READ from an OpenAI-compatible server (responses, stream chunks, error
 * bodies). Compatible servers differ in small ways (numeric `code`, `content` as parts, extra keys),
 * so every field is optional and a field of the wrong type is ignored (`.catch`) instead of failing
 * the whole chunk: one odd field must not cost the user the text around it. Unknown keys are dropped.
 */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.nullish().catch(undefined)
}

const text = lenient(z.string())
const count = lenient(z.number())

const openaiUsageReadSchema = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  total_tokens: count,
  prompt_tokens_details: lenient(z.object({ cached_tokens: count, cache_write_tokens: count })),
  completion_tokens_details: lenient(z.object({ reasoning_tokens: count })),
})
export type OpenaiUsageRead = z.infer<typeof openaiUsageReadSchema>

const functionWire = lenient(z.object({ name: text, arguments: text }))

const toolCallWire = z.object({ id: text, type: text, function: functionWire })

/** A stream fragment of a tool call: only `index` is required by the API, the rest comes once. */
const toolCallDeltaWire = toolCallWire.extend({ index: count })

/** Some compatible servers send assistant `content` as text parts instead of a string. */
const contentWire = lenient(
  z.union([z.string(), z.array(z.object({ type: text, text: text, refusal: text }).catch({}))]),
)

const openaiErrorObjectReadSchema = z.object({
  message: lenient(z.unknown()),
  type: text,
  // Compatible servers sometimes send a numeric code (vLLM: the HTTP status).
  code: lenient(z.union([z.string(), z.number()])),
  param: text,
})
export type OpenaiErrorObjectRead = z.infer<typeof openaiErrorObjectReadSchema>

/** `{"error":{…}}` (OpenAI), `{"type":"error","error":{…},"request_id"}` (Messages), `{"error":"…"}`. */
export const openaiErrorBodyReadSchema = z.object({
  error: lenient(z.union([openaiErrorObjectReadSchema, z.string()])),
  message: text,
  type: text,
  code: lenient(z.union([z.string(), z.number()])),
  request_id: text,
})

/**
 * A completion and a chunk are one envelope around their choices; each choice carries a `message` (a
 * whole reply) or a `delta` (a piece of one) with the same text fields. A choice or a tool call that
 * does not parse is dropped, not the whole body.
 */
const completionEnvelope = z.object({
  id: text,
  model: text,
  usage: lenient(openaiUsageReadSchema),
  error: lenient(z.union([openaiErrorObjectReadSchema, z.string()])),
})
const choiceBase = z.object({ index: count, finish_reason: text })
const messageText = z.object({
  content: text,
  refusal: text,
  // Non-standard reasoning (DeepSeek, vLLM, LiteLLM use the first, OpenRouter the other two; see
  // openai-reasoning-fields.ts).
  reasoning_content: text,
  reasoning: text,
  reasoning_details: lenient(z.array(z.unknown())),
})

export const openaiResponseReadSchema = completionEnvelope.extend({
  choices: lenient(
    z.array(
      choiceBase
        .extend({
          message: lenient(
            messageText.extend({
              content: contentWire,
              tool_calls: lenient(z.array(toolCallWire.catch({}))),
            }),
          ),
        })
        .catch({}),
    ),
  ),
})
export type OpenaiResponseRead = z.infer<typeof openaiResponseReadSchema>

export const openaiChunkReadSchema = completionEnvelope.extend({
  choices: lenient(
    z.array(
      choiceBase
        .extend({
          delta: lenient(messageText.extend({ tool_calls: lenient(z.array(toolCallDeltaWire.catch({}))) })),
        })
        .catch({}),
    ),
  ),
})
export type OpenaiChunkRead = z.infer<typeof openaiChunkReadSchema>
