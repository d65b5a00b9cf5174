import { useState } from 'react'
import { DEFAULT_ANTHROPIC_MAX_TOKENS } from '@shared/dialects/anthropic-messages/anthropic-constants'
import { SliderField } from '@renderer/components/SliderField'
import { useAppStore } from '@renderer/store'
import type { NextRequest } from '@renderer/features/curl/next-request'
import {
  paneLabel,
  selectFocusedModel,
  selectFocusedPane,
  selectLargestContext,
  selectParam,
} from './params-selectors'
import { supportHint } from './support-hint'

/** With no catalog at all (still loading), the largest context of the spec's models. */
const FALLBACK_CONTEXT_LENGTH = 1_048_576

const count = new Intl.NumberFormat('en-US')

/**
 * Max tokens: a whole number from 1 to the focused model's context length. Other input is shown as an
 * error and not applied (the conversation keeps its last valid value). When a Messages pane would
 * send none, the dialect's default is named, as the dialect itself reports it.
 */
export function MaxTokensField({
  listed,
  nextRequests,
}: {
  listed: boolean
  nextRequests: readonly NextRequest[]
}): React.JSX.Element {
  const maxTokens = useAppStore((state) => selectParam(state, 'maxTokens'))
  const setParams = useAppStore((state) => state.setParams)
  const model = useAppStore(selectFocusedModel)
  const largest = useAppStore(selectLargestContext)
  const limit = model?.context_length ?? largest ?? FALLBACK_CONTEXT_LENGTH
  const [rejected, setRejected] = useState<string | null>(null)
  // Unset, Messages sends its own default and Chat Completions lets the server use up to the context.
  const unsetAt = useAppStore((state) =>
    selectFocusedPane(state)?.dialect === 'anthropic-messages' ? DEFAULT_ANTHROPIC_MAX_TOKENS : limit,
  )

  const notes: string[] = []
  if (rejected !== null) notes.push(rejected)
  if (maxTokens !== undefined && maxTokens > limit && model) {
    notes.push(
      `${count.format(maxTokens)} is more than ${model.model}'s context length (${count.format(limit)}).`,
    )
  }
  nextRequests.forEach((next, index) => {
    if (!next.ok) return
    for (const adjustment of next.built.adjustments) {
      if (adjustment.param === 'maxTokens' && adjustment.action === 'defaulted') {
        notes.push(`${paneLabel(index)}: ${adjustment.detail}`)
      }
    }
  })

  return (
    <SliderField
      label="Max tokens"
      value={maxTokens}
      min={1}
      max={limit}
      step={1}
      // 1 to a million tokens: on a straight track 40, 400 and 1,024 all sat at its left edge.
      scale="log"
      unsetAt={unsetAt}
      onChange={(value) => {
        if (value === undefined) {
          setRejected(null)
          setParams({ maxTokens: undefined })
        } else if (Number.isInteger(value) && value >= 1 && value <= limit) {
          setRejected(null)
          setParams({ maxTokens: value })
        } else {
          setRejected(
            `Max tokens must be a whole number from 1 to ${count.format(limit)}; ${
              maxTokens === undefined ? 'none is set' : `${count.format(maxTokens)} is kept`
            }.`,
          )
        }
      }}
      hint={supportHint(
        listed,
        `1–${count.format(limit)} (the model's context). Empty: the server's default.`,
      )}
      {...(notes.length > 0 ? { note: notes.join(' ') } : {})}
    />
  )
}
