import { z } from 'zod'
import {
  reasoningSettingSchema,
  responseFormatSchema,
  toolChoiceSchema,
  toolDefinitionSchema,
} from '../chat/chat-schemas'
import { EVAL_LIMITS } from './eval-limits'
import { graderSpecSchema } from './grader-spec'
import { VARIABLE_NAME, VARIABLE_NAME_RULE } from '../templates/template'

/**
 * The test-set file (JSON or YAML; docs/eval.md, JSON Schema in docs/test-set.schema.json). One
 * file holds the prompt template, the cases (variable values and optional per-case graders) and the
 * graders every case gets. Strict objects: a misspelt key is an error, not silently ignored.
 */
export const TEST_SET_FORMAT = 'model-gateway-test-set'
export const TEST_SET_VERSION = 1

const variableName = z.string().regex(VARIABLE_NAME, VARIABLE_NAME_RULE)

export const testCaseSchema = z.strictObject({
  /** Stable id: runs are compared case by case through it (a CSV row number when imported). */
  id: z.string().min(1).max(200),
  /** Variable values, filled into the prompt's `{{name}}` placeholders. */
  vars: z
    .record(variableName, z.string().max(EVAL_LIMITS.valueChars))
    .refine((vars) => Object.keys(vars).length <= EVAL_LIMITS.variables, {
      message: `at most ${EVAL_LIMITS.variables} variables per case`,
    }),
  graders: z.array(graderSpecSchema).max(EVAL_LIMITS.gradersPerCase).optional(),
  /** A note for people reading the results. */
  description: z.string().max(10_000).optional(),
})
export type TestCase = z.infer<typeof testCaseSchema>

const promptMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(EVAL_LIMITS.valueChars),
})

/** Request parameters of the prompt; a target's preset overrides them. */
export const paramPresetSchema = z.strictObject({
  temperature: z.number().finite().optional(),
  topP: z.number().finite().optional(),
  maxTokens: z.number().int().positive().optional(),
  stop: z.array(z.string()).max(16).optional(),
  seed: z.number().int().optional(),
  stream: z.boolean().optional(),
  /** Thinking (Messages: off, a budget, adaptive) or reasoning effort (Chat Completions). */
  reasoning: reasoningSettingSchema.optional(),
})
export type ParamPreset = z.infer<typeof paramPresetSchema>

export const promptTemplateSchema = z.strictObject({
  system: z.string().max(EVAL_LIMITS.valueChars).optional(),
  messages: z.array(promptMessageSchema).min(1).max(200),
  params: paramPresetSchema.optional(),
  /** Tools offered to the model, in the canonical shape (`parameters` is a JSON Schema). */
  tools: z.array(toolDefinitionSchema).max(128).optional(),
  toolChoice: toolChoiceSchema.optional(),
  /** `{ type: json_object }` or `{ type: json_schema, name, schema }`, for JSON graders. */
  responseFormat: responseFormatSchema.optional(),
})
export type PromptTemplate = z.infer<typeof promptTemplateSchema>

export const testSetSchema = z
  .strictObject({
    format: z.literal(TEST_SET_FORMAT),
    version: z.literal(TEST_SET_VERSION),
    name: z.string().min(1).max(200),
    description: z.string().max(10_000).optional(),
    /** The prompt with `{{variables}}`; the app can also run a set against the composer's prompt. */
    prompt: promptTemplateSchema.optional(),
    /** Graders every case gets, before its own. */
    graders: z.array(graderSpecSchema).max(EVAL_LIMITS.gradersPerCase).optional(),
    cases: z.array(testCaseSchema).max(EVAL_LIMITS.cases),
  })
  .superRefine((set, ctx) => {
    const seen = new Set<string>()
    set.cases.forEach((testCase, index) => {
      if (seen.has(testCase.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['cases', index, 'id'],
          message: `duplicate case id ${JSON.stringify(testCase.id)}`,
        })
      }
      seen.add(testCase.id)
    })
  })
export type TestSet = z.infer<typeof testSetSchema>

/** The JSON Schema of the file format, for editors and other tools (docs/test-set.schema.json). */
export function testSetJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(testSetSchema, { target: 'draft-2020-12', unrepresentable: 'any' }),
    $id: 'https://model-gateway-playground.invalid/test-set.schema.json',
    title: 'Model Gateway Playground test set',
  }
}
