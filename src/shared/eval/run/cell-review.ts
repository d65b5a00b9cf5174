import { z } from 'zod'

/**
 * A person's verdict on a cell, kept with the run and counted apart from the graders (promptfoo's
 * viewer allows the same): it never changes `passed`. The same names and shape as the run format's
 * review in issue 27 part A (which owns storing it).
 */
export const cellReviewSchema = z.strictObject({
  verdict: z.enum(['pass', 'fail']),
  comment: z.string().max(10_000).optional(),
  /** Epoch ms of the review. */
  at: z.number(),
})
export type CellReview = z.infer<typeof cellReviewSchema>
