import type { ChatRequest, DialectId } from '../../chat/chat-request'
import type { ChatResult } from '../../chat/chat-result'
import type { RunMetrics, TerminalState } from '../../runs/run-types'
import { EVAL_LIMITS } from '../eval-limits'
import type { GraderSpec } from '../grader-spec'
import { cellOutputFromResult, type CellOutput } from '../graders/cell-output'
import { gradeCell } from '../graders/grade-cell'
import type { RegexTester } from '../graders/regex-guard'
import type { Judge } from '../graders/rubric-grader'
import type { PromptTemplate, TestCase, TestSet } from '../test-set-schema'
import { buildCellRequest, checkCasesAgainstPrompt } from './build-cell-request'
import {
  cellKey,
  type CellResult,
  type EvalProgress,
  type EvalRunHead,
  type EvalTarget,
  type RunShard,
} from './eval-run-types'
import { shardCases } from './shard'

/** What the transport returns for one request: the reduced reply, its figures, how it ended. */
export type CellReply = {
  state: TerminalState
  result: ChatResult
  metrics?: RunMetrics
  /** Plain-language reason when the state is not `completed`. */
  message?: string
}

/**
 * Sends one request to a target and resolves when it has ended (never rejects for network or HTTP
 * failures: those are a `state`). The app's main process and the CLI both pass one built on the run
 * registry (src/main/services/eval/registry-cell-executor.ts): same dialect layer, retries, timeouts
 * and key handling as a chat run. Tests pass a fake.
 */
export type ExecuteCell = (input: {
  target: EvalTarget
  request: ChatRequest
  signal: AbortSignal
}) => Promise<CellReply>

/** Where a resumed run stands: its id, its start, and the verdicts of the cells it already has. */
export type ResumePoint = {
  id: string
  startedAt: number
  /** Only keys and verdicts are read: a journal of 20,000 cells is never held whole. */
  cells: Iterable<Pick<CellResult, 'caseId' | 'targetId' | 'passed'>>
}

export type RunEvaluationOptions = {
  set: TestSet
  /** The prompt to run; defaults to the set's own. */
  prompt?: PromptTemplate
  targets: readonly EvalTarget[]
  execute: ExecuteCell
  /**
   * Where each cell goes as it finishes: a journal file in main and the CLI (so a crash loses only
   * the cells in flight), an array in tests. The engine keeps no cells, so memory stays flat whatever
   * the size of the run. A throw stops the run (no new cell starts) and rejects it.
   */
  record: (cell: CellResult) => void
  /** Called once with the run's head before any cell is sent (a journal's first line); a throw rejects the run. */
  begin?: (head: EvalRunHead) => void
  /** Cells run at once (default 4). */
  concurrency?: number
  /** A stopped or interrupted run of the same set: its cells are kept and not run again. */
  resume?: ResumePoint
  /** Only this share of the cases (a CI runner's part of a sharded run; see shardCases). */
  shard?: RunShard
  /** Values for variables the prompt does not use are ignored instead of failing the run. */
  allowUnusedVariables?: boolean
  /** Where rubric graders send their request (model, dialect and connection); defaults to the first target. */
  graderTarget?: EvalTarget
  testRegex?: RegexTester
  onProgress?: (progress: EvalProgress) => void
  /** Stop: no new cell starts, cells in flight are cancelled and NOT recorded (resume runs them). */
  signal?: AbortSignal
  now?: () => number
  newRunId?: () => string
}

const DEFAULT_CONCURRENCY = 4
const MAX_CONCURRENCY = 64

/** A judge for rubric graders: the grading request goes through the same executor as the cells. */
function createJudge(execute: ExecuteCell, graderTarget: EvalTarget, signal: AbortSignal): Judge {
  return async (request, choice) => {
    const dialect: DialectId = choice.dialect ?? graderTarget.dialect
    const model = request.model ?? graderTarget.model
    const reply = await execute({
      target: { ...graderTarget, dialect, model },
      request: { ...request, model },
      signal,
    })
    if (reply.state !== 'completed') return { error: reply.message ?? `the request ended ${reply.state}` }
    return { text: cellOutputFromResult(reply.result, { state: reply.state }).text }
  }
}

function describeFailure(reply: CellReply): string {
  return reply.message ?? reply.result.error?.message ?? `the request ended ${reply.state}`
}

function toCellOutput(reply: CellReply): CellOutput {
  const m = reply.metrics
  return cellOutputFromResult(reply.result, {
    state: reply.state,
    ...(reply.state === 'completed' ? {} : { error: describeFailure(reply) }),
    ...(m?.ttftMs === undefined ? {} : { ttftMs: m.ttftMs }),
    ...(m?.totalMs === undefined ? {} : { totalMs: m.totalMs }),
    ...(m?.tokensPerSecond === undefined ? {} : { tokensPerSecond: m.tokensPerSecond }),
    ...(m?.points === undefined ? {} : { points: m.points }),
    ...(m?.reasoningTokens === undefined
      ? {}
      : {
          reasoningTokens: m.reasoningTokens,
          reasoningTokensEstimated: m.reasoningTokensEstimated === true,
        }),
  })
}

function toCellResult(
  testCase: TestCase,
  target: EvalTarget,
  reply: CellReply,
  output: CellOutput,
  graders: CellResult['graders'],
  finishedAt: number,
): CellResult {
  const clipped = output.text.length > EVAL_LIMITS.outputChars
  const cell: CellResult = {
    caseId: testCase.id,
    targetId: target.id,
    state: reply.state,
    output: clipped ? output.text.slice(0, EVAL_LIMITS.outputChars) : output.text,
    toolCalls: output.toolCalls,
    graders,
    passed: reply.state === 'completed' && graders.every((g) => g.passed),
    finishedAt,
  }
  if (clipped) cell.outputTruncated = true
  if (output.finish !== undefined) cell.finish = output.finish
  if (output.error !== undefined) cell.error = output.error
  if (output.ttftMs !== undefined) cell.ttftMs = output.ttftMs
  if (output.totalMs !== undefined) cell.totalMs = output.totalMs
  if (output.tokensPerSecond !== undefined) cell.tokensPerSecond = output.tokensPerSecond
  if (reply.metrics !== undefined) cell.outputTokens = reply.metrics.outputTokens
  if (output.usage !== undefined) cell.usage = output.usage
  if (output.points !== undefined) cell.points = output.points
  if (output.reasoningTokens !== undefined) cell.reasoningTokens = output.reasoningTokens
  return cell
}

/**
 * Runs a test set over targets: every case × target cell, at most `concurrency` at once, graded as
 * each finishes and handed to `record`. Resolves with the run's head (`finished`, or `stopped` when
 * the signal fired); throws before sending anything when the set does not fit the prompt (missing
 * or unused variables) or the matrix is too big, and rejects when `record` throws.
 */
export async function runEvaluation(options: RunEvaluationOptions): Promise<EvalRunHead> {
  const { set, targets, execute } = options
  const { prompt, variableOptions } = checkRunInput(options)
  const now = options.now ?? Date.now
  const concurrency = Math.max(
    1,
    Math.min(MAX_CONCURRENCY, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY)),
  )
  // The caller's stop, or a failed record: either way no new cell starts and cells in flight end.
  const halt = new AbortController()
  const stopped = options.signal
  if (stopped?.aborted) halt.abort()
  else stopped?.addEventListener('abort', () => halt.abort(), { once: true })
  const signal = halt.signal
  const judge = createJudge(execute, options.graderTarget ?? (targets[0] as EvalTarget), signal)
  const { run, queue, total, kept } = planRun(options, prompt, now)
  options.begin?.(run)
  const progress = createProgress(options, total, kept, now)
  progress.report()

  let recordError: { error: unknown } | undefined
  // A shared index and N workers rather than p-limit: stopping must also keep queued cells from
  // starting, and order must stay case-major; that is these few lines.
  let next = 0
  const worker = async (): Promise<void> => {
    while (!signal.aborted && next < queue.length) {
      const { testCase, target } = queue[next++] as (typeof queue)[number]
      // checkRunInput saw a prompt for every target.
      const cellPrompt = (target.prompt ?? prompt) as PromptTemplate
      const request = buildCellRequest(cellPrompt, testCase, target, variableOptions)
      const reply = await execute({ target, request, signal })
      if (signal.aborted) return
      const output = toCellOutput(reply)
      const graders = await gradeCell(gradersOf(set, testCase), output, {
        judge,
        ...(options.testRegex === undefined ? {} : { testRegex: options.testRegex }),
      })
      if (signal.aborted) return
      const cell = toCellResult(testCase, target, reply, output, graders, now())
      try {
        options.record(cell)
      } catch (error) {
        recordError ??= { error }
        halt.abort()
        return
      }
      progress.report(cell)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, queue.length)) }, worker))
  if (recordError !== undefined) throw recordError.error

  run.status = signal.aborted && progress.done() < total ? 'stopped' : 'finished'
  if (run.status === 'finished') run.finishedAt = now()
  return run
}

/** The counts after each cell, with an ETA from this session's pace, to `onProgress`. */
function createProgress(
  options: RunEvaluationOptions,
  total: number,
  kept: { passed: number; failed: number },
  now: () => number,
): { report(cell?: CellResult): void; done(): number } {
  let { passed, failed } = kept
  const sessionStart = now()
  let doneThisSession = 0
  return {
    done: () => passed + failed,
    report(cell) {
      if (cell !== undefined) {
        doneThisSession++
        if (cell.passed) passed++
        else failed++
      }
      if (options.onProgress === undefined) return
      const done = passed + failed
      const progress: EvalProgress = { done, total, passed, failed }
      if (doneThisSession > 0) {
        const perCell = (now() - sessionStart) / doneThisSession
        progress.etaMs = Math.max(0, perCell * (total - done))
      }
      if (cell !== undefined) progress.cell = cell
      options.onProgress(progress)
    },
  }
}

/** What must hold before anything is sent: a prompt, targets within the limit, cases that fit it. */
function checkRunInput(options: RunEvaluationOptions): {
  prompt: PromptTemplate | undefined
  variableOptions: { allowUnusedVariables: boolean }
} {
  const { set, targets } = options
  const prompt = options.prompt ?? set.prompt
  if (targets.length === 0) throw new Error('Choose at least one target.')
  if (targets.length > EVAL_LIMITS.targets) throw new Error(`At most ${EVAL_LIMITS.targets} targets per run.`)
  if (new Set(targets.map((t) => t.id)).size !== targets.length)
    throw new Error('Two targets have the same id.')
  const variableOptions = { allowUnusedVariables: options.allowUnusedVariables ?? false }
  // Each prompt once: a column with a prompt of its own is checked against it.
  const prompts = new Set(targets.map((target) => target.prompt ?? prompt))
  for (const each of prompts) {
    if (each === undefined)
      throw new Error(`The test set ${JSON.stringify(set.name)} has no prompt; give one to run it.`)
    checkCasesAgainstPrompt(each, set.cases, variableOptions)
  }
  return { prompt, variableOptions }
}

/**
 * The run's head, the cells still to run in case-major order (the first rows of the grid fill
 * first, all targets side by side), and the verdicts of the cells a resumed run keeps.
 */
function planRun(
  options: RunEvaluationOptions,
  prompt: PromptTemplate | undefined,
  now: () => number,
): {
  run: EvalRunHead
  queue: Array<{ testCase: TestCase; target: EvalTarget }>
  total: number
  kept: { passed: number; failed: number }
} {
  const { set, targets } = options
  const cases = shardCases(set.cases, options.shard)
  const wanted = new Set(cases.flatMap((c) => targets.map((t) => cellKey(c.id, t.id))))
  // Resume: keep the finished cells of this very matrix (a case or target since removed is dropped).
  const kept = { passed: 0, failed: 0 }
  const keptKeys = new Set<string>()
  for (const cell of options.resume?.cells ?? []) {
    const key = cellKey(cell.caseId, cell.targetId)
    if (!wanted.has(key) || keptKeys.has(key)) continue
    keptKeys.add(key)
    if (cell.passed) kept.passed++
    else kept.failed++
  }
  const run: EvalRunHead = {
    id: options.resume?.id ?? options.newRunId?.() ?? `run-${now()}`,
    setName: set.name,
    startedAt: options.resume?.startedAt ?? now(),
    status: 'running',
    targets: [...targets],
    caseIds: cases.map((c) => c.id),
    set: prompt === set.prompt ? set : { ...set, prompt },
  }
  if (options.shard !== undefined) run.shard = options.shard
  const queue: Array<{ testCase: TestCase; target: EvalTarget }> = []
  for (const testCase of cases) {
    for (const target of targets) {
      if (!keptKeys.has(cellKey(testCase.id, target.id))) queue.push({ testCase, target })
    }
  }
  return { run, queue, total: wanted.size, kept }
}

/** Only the set's graders and the case's, in that order: what a cell is graded with. */
function gradersOf(set: TestSet, testCase: TestCase): GraderSpec[] {
  return [...(set.graders ?? []), ...(testCase.graders ?? [])]
}
