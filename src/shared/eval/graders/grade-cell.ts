import type { GraderSpec } from '../grader-spec'
import type { CellOutput } from './cell-output'
import type { GraderResult } from './grader-result'
import { gradeJson, gradeToolCall } from './json-graders'
import { directRegexTester, type RegexTester } from './regex-guard'
import { gradeCacheRead, gradeReasoningTokens, gradeThinking } from './reasoning-graders'
import { gradeFinishReason, gradeLatency, gradePoints } from './reply-graders'
import { gradeRubric, type Judge } from './rubric-grader'
import { gradeContains, gradeEquals, gradeRegex } from './text-graders'

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
  switch (spec.type) {
    case 'equals':
      return gradeEquals(spec, output)
    case 'contains':
      return gradeContains(spec, output)
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
