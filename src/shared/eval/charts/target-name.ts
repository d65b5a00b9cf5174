import type { EvalTarget } from '../run/eval-run-types'

/** How charts, legends and the report name a target: its label, else dialect and model. */
export function targetName(target: Pick<EvalTarget, 'label' | 'dialect' | 'model'>): string {
  return target.label ?? `${target.dialect} · ${target.model}`
}
