import type { EvalService } from '../../services/eval/eval-service'
import type { HandlersFor } from '../dispatch'

/**
 * The workbench: evaluation runs (progress arrives as `eval:progress` events), saved runs and test
 * sets, and exports. The keys stay in main: targets name a profile, the eval service resolves it.
 */
export function createEvalHandlers(deps: { evals: EvalService }): HandlersFor<'eval'> {
  const { evals } = deps
  return {
    'eval:start': async (input) => evals.start(input),
    'eval:stop': async ({ runId }) => {
      await evals.stop(runId)
    },
    'eval:active': async () => evals.active(),
    'eval:review': async (input) => {
      await evals.review(input)
    },
    'eval:list-runs': async () => evals.listRuns(),
    'eval:get-run': async ({ id }) => evals.getRun(id),
    'eval:list-sets': async () => evals.listSets(),
    'eval:get-set': async ({ id }) => evals.getSet(id),
    'eval:save-set': async ({ id, set }) => evals.saveSet(id, set),
    'eval:export': async (input) => evals.exportRun(input),
  }
}
