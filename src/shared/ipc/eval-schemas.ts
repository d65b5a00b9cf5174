import { z } from 'zod'
import { cellResultSchema, evalProgressSchema, evalRunSchema } from '../eval/run/eval-run-types'

/** A saved evaluation run in the workbench's list (the run itself is fetched when opened). */
export const evalRunSummarySchema = evalRunSchema
  .pick({
    id: true,
    setName: true,
    startedAt: true,
    finishedAt: true,
    status: true,
  })
  .extend({
    cells: z.number(),
    passed: z.number(),
    total: z.number(),
    /** Each target's score, for the set's pass-rate trend (runs listed before it was kept lack it). */
    targets: z
      .array(z.strictObject({ id: z.string(), name: z.string(), passed: z.number(), cells: z.number() }))
      .optional(),
  })
export type EvalRunSummary = z.infer<typeof evalRunSummarySchema>

/** A saved test set in the workbench's list. */
export const testSetSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  cases: z.number(),
})
export type TestSetSummary = z.infer<typeof testSetSummarySchema>

/**
 * Progress of the running evaluation, batched by main (at most one event per frame): the cells that
 * finished since the last event, and the totals so far. `status` is set on the last event of a run.
 */
export const evalProgressEventSchema = evalProgressSchema.omit({ cell: true }).extend({
  runId: z.string(),
  cells: z.array(cellResultSchema),
  // A run's own states, and `failed` for a run that could not start or broke off.
  status: z.enum([...evalRunSchema.shape.status.options, 'failed']),
  /** Why the run could not start or ended early (status `failed`). */
  error: z.string().optional(),
})
export type EvalProgressEvent = z.infer<typeof evalProgressEventSchema>
