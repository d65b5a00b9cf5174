import { compareDecimal, parseDecimal } from '../../catalog/decimal'
import { formatPoints } from '../../catalog/format-points'
import type { GraderSpec } from '../grader-spec'
import type { CellOutput } from './cell-output'
import type { GraderResult } from './grader-result'

type Spec<T extends GraderSpec['type']> = Extract<GraderSpec, { type: T }>

/** Matches the unified reason (`stop`, `length`, `tool-calls`…) or the raw wire value (`end_turn`). */
export function gradeFinishReason(spec: Spec<'finish-reason'>, output: CellOutput): GraderResult {
  const label = `finish reason ${spec.reason}`
  const finish = output.finish
  if (finish === undefined) {
    return {
      type: 'finish-reason',
      label,
      passed: false,
      reason: `the reply gave no finish reason (it ended ${output.state})`,
    }
  }
  const passed = finish.unified === spec.reason || finish.raw === spec.reason
  return {
    type: 'finish-reason',
    label,
    passed,
    reason: `the reply finished with ${finish.unified} (${finish.raw})`,
  }
}

const ms = (value: number) => `${Math.round(value)} ms`

export function gradeLatency(spec: Spec<'latency'>, output: CellOutput): GraderResult {
  const limits: string[] = []
  if (spec.maxTtftMs !== undefined) limits.push(`first token ≤ ${ms(spec.maxTtftMs)}`)
  if (spec.maxTotalMs !== undefined) limits.push(`total ≤ ${ms(spec.maxTotalMs)}`)
  const label = limits.join(', ')
  const problems: string[] = []
  const facts: string[] = []
  if (spec.maxTtftMs !== undefined) {
    if (output.ttftMs === undefined) problems.push('no token arrived')
    else {
      facts.push(`first token after ${ms(output.ttftMs)}`)
      if (output.ttftMs > spec.maxTtftMs) problems.push(`first token after ${ms(output.ttftMs)}`)
    }
  }
  if (spec.maxTotalMs !== undefined) {
    if (output.totalMs === undefined) problems.push('the reply has no total time')
    else {
      facts.push(`total ${ms(output.totalMs)}`)
      if (output.totalMs > spec.maxTotalMs) problems.push(`total ${ms(output.totalMs)}`)
    }
  }
  return problems.length === 0
    ? { type: 'latency', label, passed: true, reason: facts.join(', ') }
    : { type: 'latency', label, passed: false, reason: `too slow: ${problems.join(', ')}` }
}

export function gradePoints(spec: Spec<'points'>, output: CellOutput): GraderResult {
  const max = typeof spec.max === 'number' ? String(spec.max) : spec.max
  const label = `points ≤ ${max}`
  if (output.points === undefined) {
    return {
      type: 'points',
      label,
      passed: false,
      reason: 'the reply has no points (no usage reported, or the model is not in the catalog)',
    }
  }
  const passed = compareDecimal(parseDecimal(output.points), parseDecimal(max)) <= 0
  return {
    type: 'points',
    label,
    passed,
    reason: `the reply used ${formatPoints(output.points)} points (exactly ${output.points})`,
  }
}

export function gradeCost(spec: Spec<'cost'>, output: CellOutput): GraderResult {
  const label = `cost ≤ $${spec.max}`
  if (output.costUsd === undefined) {
    return {
      type: 'cost',
      label,
      passed: false,
      reason: 'the reply has no cost (no usage reported, or the target has no per-token prices)',
    }
  }
  return {
    type: 'cost',
    label,
    passed: output.costUsd <= spec.max,
    reason: `the reply cost $${output.costUsd.toPrecision(2)}`,
  }
}
