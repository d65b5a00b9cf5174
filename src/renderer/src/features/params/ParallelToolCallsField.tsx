import { useId } from 'react'
import { useAppStore } from '@renderer/store'
import { selectFocusedModel } from './params-selectors'

/**
 * Parallel tool calls, shown off and explained rather than hidden: the catalog says whether the model
 * can make several calls in one turn, and the playground never asks for it.
 */
export function ParallelToolCallsField(): React.JSX.Element {
  const model = useAppStore(selectFocusedModel)
  const id = useId()
  const listed = model?.provider_pricing.map((provider) => provider.parallelToolCalls)
  const explanation =
    listed === undefined || listed.length === 0
      ? 'not set: the model is not in the catalog'
      : listed.every((value) => !value)
        ? 'unsupported: the catalog lists parallelToolCalls: false'
        : 'not set: the server decides (the catalog lists parallelToolCalls: true)'
  return (
    <div className="field params-checkbox-field">
      <input id={id} type="checkbox" checked={false} disabled readOnly />
      <label htmlFor={id} className="params-checkbox-label params-disabled-label">
        Parallel tool calls — {explanation}
      </label>
    </div>
  )
}
