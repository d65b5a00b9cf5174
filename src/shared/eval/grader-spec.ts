import { z } from 'zod'
import { dialectIdSchema, jsonSchemaSchema } from '../chat/chat-schemas'
import { EVAL_LIMITS } from './eval-limits'

/**
 * What a grader checks, as stored in a test-set file (per set: every case; per case: that case).
 * The checks themselves are in graders/. Every spec is plain data: no JavaScript is ever run from a
 * test set (the model-graded rubric is a prompt, not code).
 */
const text = z.string().max(EVAL_LIMITS.valueChars)

export const graderSpecSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('equals'),
    value: text,
    /** Compare case-insensitively. */
    ignoreCase: z.boolean().optional(),
    /** Leading and trailing white space of the output is ignored (default true: models add newlines). */
    trim: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('contains'), value: text.min(1), ignoreCase: z.boolean().optional() }),
  z.strictObject({
    type: z.literal('regex'),
    pattern: z.string().min(1).max(EVAL_LIMITS.regexPatternChars),
    /** JavaScript flags among i, m, s, u. */
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'flags may only be i, m, s, u')
      .optional(),
  }),
  /** The output is JSON (code fences around it are allowed), and matches `schema` when given. */
  z.strictObject({ type: z.literal('json'), schema: jsonSchemaSchema.optional() }),
  /** The reply called tool `name`, with arguments that are JSON matching `arguments` when given. */
  z.strictObject({
    type: z.literal('tool-call'),
    name: z.string().min(1),
    arguments: jsonSchemaSchema.optional(),
  }),
  /** The unified finish reason (`stop`, `length`, `tool-calls`…) or the raw one (`end_turn`). */
  z.strictObject({ type: z.literal('finish-reason'), reason: z.string().min(1) }),
  z
    .strictObject({
      type: z.literal('latency'),
      maxTtftMs: z.number().positive().optional(),
      maxTotalMs: z.number().positive().optional(),
    })
    .refine(
      (g) => g.maxTtftMs !== undefined || g.maxTotalMs !== undefined,
      'give maxTtftMs, maxTotalMs or both',
    ),
  /** Points of the reply (catalog usage reference, spec §2.6), as a decimal string or a number. */
  z.strictObject({
    type: z.literal('points'),
    max: z.union([
      z.string().regex(/^\d+(\.\d+)?$/, 'a non-negative decimal like 0.05'),
      z.number().nonnegative(),
    ]),
  }),
  /**
   * The reply's reasoning tokens are at most `max`: the server's count (`reasoning_tokens`), else an
   * o200k count of its thinking text (Messages reports thinking inside `output_tokens` only).
   */
  z.strictObject({ type: z.literal('reasoning-tokens'), max: z.number().int().nonnegative() }),
  /** The reply thought (a thinking block, redacted or not, or reasoning text), or did not (`false`). */
  z.strictObject({ type: z.literal('thinking'), present: z.boolean() }),
  /** At least `min` of the prompt's tokens were read from the provider's prompt cache. */
  z.strictObject({ type: z.literal('cache-read'), min: z.number().int().nonnegative() }),
  /**
   * Model-graded: another request through the gateway asks a model whether the output meets the
   * rubric and parses its verdict. `model`/`dialect` choose the grading model and dialect (else the
   * run's grader target's); it goes over the grader target's connection.
   */
  z.strictObject({
    type: z.literal('rubric'),
    rubric: text.min(1),
    model: z.string().min(1).optional(),
    dialect: dialectIdSchema.optional(),
  }),
])
export type GraderSpec = z.infer<typeof graderSpecSchema>
export type GraderType = GraderSpec['type']
