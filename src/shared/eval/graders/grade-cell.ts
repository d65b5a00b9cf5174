import type { GraderSpec, PositiveGraderSpec } from '../grader-spec'
import type { CellOutput } from './cell-output'
import type { GraderResult } from './grader-result'
import { gradeContainsJson, gradeJson, gradeToolCall } from './json-graders'
import { directRegexTester, type RegexTester } from './regex-guard'
import { gradeCacheRead, gradeReasoningTokens, gradeThinking } from './reasoning-graders'
import { gradeCost, gradeFinishReason, gradeLatency, gradePoints } from './reply-graders'
import { gradeRubric, type Judge } from './rubric-grader'
import { gradeContains, gradeContainsSome, gradeEquals, gradeRegex, gradeStartsWith } from './text-graders'

export type GradeOptions = {
  /** Runs regex graders; main and the CLI pass one with a time limit (createVmRegexTester). */
  testRegex?: RegexTester
  /** Carries rubric graders' requests; without it rubric graders fail with that reason. */
  judge?: Judge
}

export async function gradeOne(
  spec: GraderSpec,
  output: CellOutput,
  options: GradeOptions = {},
): Promise<GraderResult> {
  if (spec.type === 'not') return gradeNot(spec.grader, output, options)
  return gradePositive(spec, output, options)
}

/** The figure a grader of the reply's figures needs; without it neither the grader nor its negation passes. */
function missingFigure(spec: PositiveGraderSpec, output: CellOutput): string | undefined {
  if (spec.type === 'cost' && output.costUsd === undefined) return 'the reply has no cost'
  if (spec.type === 'points' && output.points === undefined) return 'the reply has no points'
  if (spec.type === 'latency' && output.totalMs === undefined && output.ttftMs === undefined)
    return 'the reply has no timings'
  if (spec.type === 'cache-read' && output.usage === undefined) return 'the reply reported no usage'
  if (spec.type === 'reasoning-tokens' && output.reasoningTokens === undefined && output.thought === true)
    return 'the reply thought, but its reasoning tokens are unknown'
  return undefined
}

async function gradeNot(
  spec: PositiveGraderSpec,
  output: CellOutput,
  options: GradeOptions,
): Promise<GraderResult> {
  const inner = await gradePositive(spec, output, options)
  const label = `not ${inner.label}`
  if (inner.skipped === true) return { ...inner, label }
  const missing = missingFigure(spec, output)
  if (missing !== undefined) return { type: 'not', label, passed: false, reason: missing }
  return { type: 'not', label, passed: !inner.passed, reason: inner.reason }
}

async function gradePositive(
  spec: PositiveGraderSpec,
  output: CellOutput,
  options: GradeOptions,
): Promise<GraderResult> {
  switch (spec.type) {
    case 'equals':
      return gradeEquals(spec, output)
    case 'contains':
      return gradeContains(spec, output)
    case 'starts-with':
      return gradeStartsWith(spec, output)
    case 'contains-any':
    case 'contains-all':
      return gradeContainsSome(spec, output)
    case 'contains-json':
      return gradeContainsJson(spec, output)
    case 'cost':
      return gradeCost(spec, output)
    case 'regex':
      return gradeRegex(spec, output, options.testRegex ?? directRegexTester)
    case 'json':
      return gradeJson(spec, output)
    case 'tool-call':
      return gradeToolCall(spec, output)
    case 'finish-reason':
      return gradeFinishReason(spec, output)
    case 'latency':
      return gradeLatency(spec, output)
    case 'points':
      return gradePoints(spec, output)
    case 'reasoning-tokens':
      return gradeReasoningTokens(spec, output)
    case 'thinking':
      return gradeThinking(spec, output)
    case 'cache-read':
      return gradeCacheRead(spec, output)
    case 'rubric':
      return gradeRubric(spec, output, options.judge)
    case 'unsupported':
      return {
        type: 'unsupported',
        label: `${spec.assertion} (not run)`,
        passed: false,
        skipped: true,
        reason: `skipped: the workbench does not run ${spec.assertion} assertions`,
      }
    default: {
      const unreachable: never = spec
      throw new Error(`unknown grader ${JSON.stringify(unreachable)}`)
    }
  }
}

/**
 * Every grader of a cell, in order (the set's, then the case's). A request that did not complete
 * still gets graded (a cut reply may contain the answer), and its state is reported by the runner.
 */
export async function gradeCell(
  specs: readonly GraderSpec[],
  output: CellOutput,
  options: GradeOptions = {},
): Promise<GraderResult[]> {
  const results: GraderResult[] = []
  for (const spec of specs) results.push(await gradeOne(spec, output, options))
  return results
}
