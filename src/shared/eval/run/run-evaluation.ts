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
import { cellKey, type CellResult, type EvalProgress, type EvalRun, type EvalTarget } from './eval-run-types'

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

export type RunEvaluationOptions = {
  set: TestSet
  /** The prompt to run; defaults to the set's own. */
  prompt?: PromptTemplate
  targets: readonly EvalTarget[]
  execute: ExecuteCell
  /** Cells run at once (default 4). */
  concurrency?: number
  /** A stopped or unfinished run of the same set: its finished cells are kept and not run again. */
  resume?: EvalRun
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
 * each finishes. Resolves with the run (`finished`, or `stopped` when the signal fired); throws
 * before sending anything when the set does not fit the prompt (missing or unused variables) or
 * the matrix is too big.
 */
export async function runEvaluation(options: RunEvaluationOptions): Promise<EvalRun> {
  const { set, targets, execute } = options
  const { prompt, variableOptions } = checkRunInput(options)
  const now = options.now ?? Date.now
  const signal = options.signal ?? new AbortController().signal
  const concurrency = Math.max(
    1,
    Math.min(MAX_CONCURRENCY, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY)),
  )
  const judge = createJudge(execute, options.graderTarget ?? (targets[0] as EvalTarget), signal)
  const { run, queue, total } = planRun(options, now)
  let passed = run.cells.filter((c) => c.passed).length
  let failed = run.cells.length - passed
  const sessionStart = now()
  let doneThisSession = 0

  const report = (cell?: CellResult): void => {
    if (options.onProgress === undefined) return
    const done = run.cells.length
    const progress: EvalProgress = { done, total, passed, failed }
    if (doneThisSession > 0) {
      const perCell = (now() - sessionStart) / doneThisSession
      progress.etaMs = Math.max(0, perCell * (total - done))
    }
    if (cell !== undefined) progress.cell = cell
    options.onProgress(progress)
  }
  report()

  // A shared index and N workers rather than p-limit: stopping must also keep queued cells from
  // starting, and order must stay case-major; that is these few lines.
  let next = 0
  const worker = async (): Promise<void> => {
    while (!signal.aborted && next < queue.length) {
      const { testCase, target } = queue[next++] as (typeof queue)[number]
      const request = buildCellRequest(prompt, testCase, target, variableOptions)
      const reply = await execute({ target, request, signal })
      if (signal.aborted) return
      const output = toCellOutput(reply)
      const graders = await gradeCell(gradersOf(set, testCase), output, {
        judge,
        ...(options.testRegex === undefined ? {} : { testRegex: options.testRegex }),
      })
      if (signal.aborted) return
      const cell = toCellResult(testCase, target, reply, output, graders, now())
      run.cells.push(cell)
      doneThisSession++
      if (cell.passed) passed++
      else failed++
      report(cell)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, queue.length)) }, worker))

  run.status = signal.aborted && run.cells.length < total ? 'stopped' : 'finished'
  if (run.status === 'finished') run.finishedAt = now()
  return run
}

/** What must hold before anything is sent: a prompt, targets within the limit, cases that fit it. */
function checkRunInput(options: RunEvaluationOptions): {
  prompt: PromptTemplate
  variableOptions: { allowUnusedVariables: boolean }
} {
  const { set, targets } = options
  const prompt = options.prompt ?? set.prompt
  if (prompt === undefined)
    throw new Error(`The test set ${JSON.stringify(set.name)} has no prompt; give one to run it.`)
  if (targets.length === 0) throw new Error('Choose at least one target.')
  if (targets.length > EVAL_LIMITS.targets) throw new Error(`At most ${EVAL_LIMITS.targets} targets per run.`)
  if (new Set(targets.map((t) => t.id)).size !== targets.length)
    throw new Error('Two targets have the same id.')
  const variableOptions = { allowUnusedVariables: options.allowUnusedVariables ?? false }
  checkCasesAgainstPrompt(prompt, set.cases, variableOptions)
  return { prompt, variableOptions }
}

/**
 * The run record (with the finished cells a resumed run keeps) and the cells still to run, in
 * case-major order: the first rows of the grid fill first, all targets side by side.
 */
function planRun(
  options: RunEvaluationOptions,
  now: () => number,
): { run: EvalRun; queue: Array<{ testCase: TestCase; target: EvalTarget }>; total: number } {
  const { set, targets } = options
  const wanted = new Set(set.cases.flatMap((c) => targets.map((t) => cellKey(c.id, t.id))))
  // Resume: keep finished cells of this very matrix (a case or target since removed is dropped).
  const kept = (options.resume?.cells ?? []).filter((cell) => wanted.has(cellKey(cell.caseId, cell.targetId)))
  const keptKeys = new Set(kept.map((cell) => cellKey(cell.caseId, cell.targetId)))
  const run: EvalRun = {
    id: options.resume?.id ?? options.newRunId?.() ?? `run-${now()}`,
    setName: set.name,
    startedAt: options.resume?.startedAt ?? now(),
    status: 'running',
    targets: [...targets],
    caseIds: set.cases.map((c) => c.id),
    cells: [...kept],
  }
  const queue: Array<{ testCase: TestCase; target: EvalTarget }> = []
  for (const testCase of set.cases) {
    for (const target of targets) {
      if (!keptKeys.has(cellKey(testCase.id, target.id))) queue.push({ testCase, target })
    }
  }
  return { run, queue, total: wanted.size }
}

/** Only the set's graders and the case's, in that order: what a cell is graded with. */
function gradersOf(set: TestSet, testCase: TestCase): GraderSpec[] {
  return [...(set.graders ?? []), ...(testCase.graders ?? [])]
}
