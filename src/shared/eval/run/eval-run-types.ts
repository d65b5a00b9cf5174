import { z } from 'zod'
import { dialectIdSchema, finishReasonSchema, usageSchema } from '../../chat/chat-schemas'
import { terminalStateSchema } from '../../runs/run-types'
import { EVAL_LIMITS } from '../eval-limits'
import { paramPresetSchema, promptTemplateSchema, testSetSchema } from '../test-set-schema'
import { cellReviewSchema } from './cell-review'

/**
 * One column of the matrix: where requests go (`connection`: a profile id in the app, a named
 * connection in the CLI — the executor resolves it to a base URL and a key, which never appear
 * here), which model, in which dialect, with which parameters.
 */
export const evalTargetSchema = z.strictObject({
  /** Stable across runs (compare matches cells by case id and target id). */
  id: z.string().min(1).max(200),
  label: z.string().max(200).optional(),
  connection: z.string().min(1).max(200),
  model: z.string().min(1),
  dialect: dialectIdSchema,
  /** Overrides the prompt's params. */
  params: paramPresetSchema.optional(),
  /**
   * This column's own prompt, where columns differ in prompt as well as model (a promptfoo config's
   * prompts × providers); else the run's prompt.
   */
  prompt: promptTemplateSchema.optional(),
})
export type EvalTarget = z.infer<typeof evalTargetSchema>

const graderResultSchema = z.strictObject({
  type: z.string(),
  label: z.string(),
  passed: z.boolean(),
  reason: z.string(),
  /** Not run (an assertion the workbench cannot run, skipped on request); it does not decide the cell. */
  skipped: z.boolean().optional(),
})

/** One case × target: what came back, its figures and its grades. */
export const cellResultSchema = z.strictObject({
  caseId: z.string(),
  targetId: z.string(),
  state: terminalStateSchema,
  /** The reply text (clipped at EVAL_LIMITS.outputChars; graders saw all of it). */
  output: z.string(),
  outputTruncated: z.boolean().optional(),
  toolCalls: z.array(z.strictObject({ name: z.string(), arguments: z.string() })),
  finish: finishReasonSchema.optional(),
  /** Why the request failed, in words (network error, 401, timeout…). */
  error: z.string().optional(),
  ttftMs: z.number().optional(),
  totalMs: z.number().optional(),
  tokensPerSecond: z.number().optional(),
  outputTokens: z.number().optional(),
  usage: usageSchema.optional(),
  points: z.string().optional(),
  /** Reasoning tokens: the server's count, else an o200k count of the thinking text. */
  reasoningTokens: z.number().nonnegative().optional(),
  graders: z.array(graderResultSchema),
  /** The request completed and every grader passed (no graders: the request completed). */
  passed: z.boolean(),
  /** Epoch ms when the cell finished. */
  finishedAt: z.number(),
  review: cellReviewSchema.optional(),
})
export type CellResult = z.infer<typeof cellResultSchema>

/** Which share of the cases a run holds (`--shard i/n`): case k (from 0) belongs to shard k mod n + 1. */
const runShardSchema = z.strictObject({
  index: z.number().int().min(1).max(EVAL_LIMITS.shards),
  count: z.number().int().min(1).max(EVAL_LIMITS.shards),
})
export type RunShard = z.infer<typeof runShardSchema>

export const evalRunSchema = z.strictObject({
  id: z.string(),
  setName: z.string(),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  /**
   * `stopped`: stopped by the user, or found unfinished after a crash; resuming runs only the cells
   * not in `cells`. `running` only in a run still going (or a journal read while it is written).
   */
  status: z.enum(['running', 'stopped', 'finished']),
  targets: z.array(evalTargetSchema),
  /** The cases of this run, in the set's order (a shard's own share only). */
  caseIds: z.array(z.string()),
  /** The set as run (its prompt, cases and graders): what a resume after a restart runs again. */
  set: testSetSchema.optional(),
  shard: runShardSchema.optional(),
  cells: z.array(cellResultSchema),
})
export type EvalRun = z.infer<typeof evalRunSchema>
/** A run without its cells: what the engine and the journal hold while the cells stream to disk. */
export type EvalRunHead = Omit<EvalRun, 'cells'>

/** The key of a cell in maps: case id and target id (ids may hold any character but NUL). */
export function cellKey(caseId: string, targetId: string): string {
  return `${caseId}\u0000${targetId}`
}

/** How far a run is, after each cell; the IPC progress event is built from the same fields. */
export const evalProgressSchema = z.strictObject({
  /** Cells finished, kept from a resumed run included. */
  done: z.number(),
  total: z.number(),
  passed: z.number(),
  failed: z.number(),
  /** Estimated ms until the last cell finishes, from this session's pace; absent before the first cell. */
  etaMs: z.number().optional(),
  /** The cell that just finished. */
  cell: cellResultSchema.optional(),
})
export type EvalProgress = z.infer<typeof evalProgressSchema>
