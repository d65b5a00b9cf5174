import { z } from 'zod'
import { EVAL_LIMITS } from '../eval-limits'

/**
 * A person's verdict on a cell, kept with the run and counted apart from the graders (promptfoo's
 * viewer allows the same): it never changes `passed`. The run journal stores it.
 */
export const cellReviewSchema = z.strictObject({
  verdict: z.enum(['pass', 'fail']),
  comment: z.string().max(EVAL_LIMITS.reviewCommentChars).optional(),
  /** Epoch ms of the review. */
  at: z.number(),
})
export type CellReview = z.infer<typeof cellReviewSchema>
