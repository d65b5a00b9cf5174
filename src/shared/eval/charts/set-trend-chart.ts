import { rateWithInterval, type RateWithInterval } from './pass-rate-chart'

/** A saved run of a set as the trend reads it: when it started and each target's score. */
export type TrendRun = {
  id: string
  startedAt: number
  targets: ReadonlyArray<{ id: string; name: string; passed: number; cells: number }>
}

export type SetTrend = {
  /** The runs' start times (epoch ms), oldest first. */
  startedAt: number[]
  runIds: string[]
  /** One line per target seen in any run; null where a run did not have the target. */
  targets: Array<{ targetId: string; name: string; points: Array<RateWithInterval | null> }>
}

/** Pass rate per target across a set's saved runs, oldest first. */
export function setTrend(runs: readonly TrendRun[]): SetTrend {
  const ordered = [...runs].sort((a, b) => a.startedAt - b.startedAt)
  const names = new Map<string, string>()
  for (const run of ordered) for (const target of run.targets) names.set(target.id, target.name)
  return {
    startedAt: ordered.map((run) => run.startedAt),
    runIds: ordered.map((run) => run.id),
    targets: [...names].map(([targetId, name]) => ({
      targetId,
      name,
      points: ordered.map((run) => {
        const target = run.targets.find((t) => t.id === targetId)
        return target === undefined || target.cells === 0
          ? null
          : rateWithInterval(target.passed, target.cells)
      }),
    })),
  }
}
