import { useEffect, useMemo, useState } from 'react'
import { findModel } from '@shared/catalog/find-model'
import { DEFAULT_ANTHROPIC_MAX_TOKENS } from '@shared/dialects/anthropic-messages/anthropic-constants'
import { paneSettings } from '@shared/history/pane-settings'
import { useAppStore } from '@renderer/store'
import { selectCatalogModels } from '@renderer/features/chat/chat-selectors'
import { useNextRequestInputs } from '@renderer/features/curl/use-next-requests'
import { paneLabel } from '@renderer/features/params/params-selectors'
import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import { meterView, type MeterView } from './context-meter-view'
import { promptCountClient } from './prompt-count-client'
import { createBaseRequests, draftTurn } from './prompt-inputs'
import { useServiceCounts } from './use-service-counts'

/**
 * Each pane's prompt, the draft included, against its model's context length: counted off the main
 * thread as the local gateway counts (or by the service's `count_tokens`, when a remote Messages
 * profile has one), on the inputs of the next send once they settle (as you type; while replies
 * stream, after them).
 */
export function useContextMeter(): MeterView {
  const inputs = useNextRequestInputs()
  const { conversation, composer } = inputs
  const [baseRequests] = useState(createBaseRequests)
  const bases = useMemo(() => baseRequests(conversation), [baseRequests, conversation])
  const draft = useMemo(() => draftTurn(composer, conversation.variables), [composer, conversation.variables])
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map())
  useEffect(() => {
    let current = true
    void promptCountClient()
      .count(bases, draft)
      .then((result) => {
        if (current) setCounts(result)
      })
    return () => {
      current = false
    }
  }, [bases, draft])
  const serviceCounts = useServiceCounts(inputs)
  const models = useAppStore(selectCatalogModels)
  const blind = useAppStore(selectLabelsHidden)
  return useMemo(() => {
    const several = conversation.panes.length > 1
    return meterView(
      conversation.panes.map((pane, index) => {
        const service = serviceCounts.get(pane.id)
        const maxTokens = paneSettings(conversation, pane).params.maxTokens
        return {
          label: several ? paneLabel(index) : '',
          model: pane.model,
          tokens: service ?? counts.get(pane.id),
          contextLength: findModel(models, pane.model)?.context_length,
          maxTokens: maxTokens ?? (pane.dialect === 'anthropic-messages' ? DEFAULT_ANTHROPIC_MAX_TOKENS : 0),
          source: service === undefined ? 'local' : 'service',
        }
      }),
      blind,
    )
  }, [conversation, counts, serviceCounts, models, blind])
}
