import { cellsByTarget, type RunCells } from './run-cells'
import { targetName } from './target-name'

/**
 * The kinds of token a target spent, summed over its cells with usage. The canonical usage counts
 * cache reads inside input and reasoning inside output, so each kind here is its own share: they add
 * up to input + output.
 */
export type TokenMix = {
  targetId: string
  name: string
  /** Input not read from the cache. */
  input: number
  cacheRead: number
  reasoning: number
  /** Output that is not reasoning (the reply's text and tool calls). */
  output: number
  /** Cells that reported usage (the others add nothing). */
  cellsWithUsage: number
}

export const TOKEN_KINDS = [
  { key: 'input', label: 'Input' },
  { key: 'cacheRead', label: 'Cache read' },
  { key: 'reasoning', label: 'Reasoning' },
  { key: 'output', label: 'Output' },
] as const

export function tokenMix(run: RunCells): TokenMix[] {
  const groups = cellsByTarget(run)
  return run.targets.map((target) => {
    const mix: TokenMix = {
      targetId: target.id,
      name: targetName(target),
      input: 0,
      cacheRead: 0,
      reasoning: 0,
      output: 0,
      cellsWithUsage: 0,
    }
    for (const cell of groups.get(target.id) ?? []) {
      const usage = cell.usage
      if (usage === undefined) continue
      const cacheRead = Math.min(usage.cacheReadTokens ?? 0, usage.inputTokens)
      const reasoning = Math.min(usage.reasoningTokens ?? 0, usage.outputTokens)
      mix.input += usage.inputTokens - cacheRead
      mix.cacheRead += cacheRead
      mix.reasoning += reasoning
      mix.output += usage.outputTokens - reasoning
      mix.cellsWithUsage++
    }
    return mix
  })
}
