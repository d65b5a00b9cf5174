import { wilsonInterval } from '../../stats/wilson-interval'
import { cellsByTarget, type RunCells } from './run-cells'
import { targetName } from './target-name'

/** A rate with its 95% Wilson interval. */
export type RateWithInterval = { passed: number; total: number; rate: number; low: number; high: number }

export type PassRateBar = {
  targetId: string
  name: string
  /** The graders' verdicts over the cells finished. */
  graders: RateWithInterval
  /** People's verdicts over the cells they reviewed (counted apart from the graders). */
  reviews: RateWithInterval
  /** Reviewed cells where the person and the graders disagree. */
  disagreements: number
}

export function rateWithInterval(passed: number, total: number): RateWithInterval {
  return { passed, total, rate: total === 0 ? 0 : passed / total, ...wilsonInterval(passed, total) }
}

/** Pass rate per target with its 95% interval, the graders' and the reviewers' apart. */
export function passRateBars(run: RunCells): PassRateBar[] {
  const groups = cellsByTarget(run)
  return run.targets.map((target) => {
    const cells = groups.get(target.id) ?? []
    let passed = 0
    let reviewed = 0
    let reviewedPassed = 0
    let disagreements = 0
    for (const cell of cells) {
      if (cell.passed) passed++
      const review = cell.review
      if (review === undefined) continue
      reviewed++
      const reviewPassed = review.verdict === 'pass'
      if (reviewPassed) reviewedPassed++
      if (reviewPassed !== cell.passed) disagreements++
    }
    return {
      targetId: target.id,
      name: targetName(target),
      graders: rateWithInterval(passed, cells.length),
      reviews: rateWithInterval(reviewedPassed, reviewed),
      disagreements,
    }
  })
}
