import type { GraderSpec } from '../grader-spec'
import type { CellOutput } from './cell-output'
import type { GraderResult } from './grader-result'

type Spec<T extends GraderSpec['type']> = Extract<GraderSpec, { type: T }>

const count = (n: number): string => n.toLocaleString('en-US')

/** Reasoning tokens at most `max` (the server's count, else the thinking text's o200k count). */
export function gradeReasoningTokens(spec: Spec<'reasoning-tokens'>, output: CellOutput): GraderResult {
  const label = `reasoning tokens ≤ ${count(spec.max)}`
  // A reply that did not think used no reasoning tokens, whether or not the server said so.
  const tokens = output.reasoningTokens ?? (output.thought ? undefined : 0)
  if (tokens === undefined) {
    return {
      type: 'reasoning-tokens',
      label,
      passed: false,
      reason: 'the reply thought, but its reasoning tokens are unknown',
    }
  }
  const how = output.reasoningTokensEstimated ? ' (counted from its thinking text)' : ''
  return {
    type: 'reasoning-tokens',
    label,
    passed: tokens <= spec.max,
    reason: `the reply used ${count(tokens)} reasoning tokens${how}`,
  }
}

/** The reply thought (`present: true`) or did not (`false`). */
export function gradeThinking(spec: Spec<'thinking'>, output: CellOutput): GraderResult {
  return {
    type: 'thinking',
    label: spec.present ? 'thinking present' : 'no thinking',
    passed: output.thought === spec.present,
    reason: output.thought ? 'the reply thought before answering' : 'the reply did not think',
  }
}

/** At least `min` prompt tokens read from the provider's cache. */
export function gradeCacheRead(spec: Spec<'cache-read'>, output: CellOutput): GraderResult {
  const label = `cache read ≥ ${count(spec.min)} tokens`
  if (output.usage === undefined) {
    return { type: 'cache-read', label, passed: false, reason: 'the reply reported no usage' }
  }
  const read = output.usage.cacheReadTokens ?? 0
  return {
    type: 'cache-read',
    label,
    passed: read >= spec.min,
    reason: `${count(read)} of ${count(output.usage.inputTokens)} input tokens were read from the cache`,
  }
}
