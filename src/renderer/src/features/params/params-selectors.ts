import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { CatalogModel } from '@shared/catalog'
import { findModel } from '@shared/catalog/find-model'
import type { DialectId } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import type { ChatParams, Pane } from '@shared/history/conversation'
import { useAppStore, type AppState } from '@renderer/store'
import { selectCatalogModels } from '@renderer/features/chat/chat-selectors'
import { focusedPaneOf } from '@shared/history/find-pane'
import { paneParam, type ParamKey } from '@shared/history/pane-settings'
import type { PaneTarget } from './dialect-ranges'

export function selectFocusedPane(state: AppState): Pane | undefined {
  return focusedPaneOf(state.conversation, state.focusedPaneId)
}

/**
 * A parameter as the focused pane sends it: the shared value while linked, the pane's own when not.
 * The parameter fields show and edit this (setParams writes it back the same way).
 */
export function selectParam<K extends ParamKey>(state: AppState, key: K): ChatParams[K] {
  return paneParam(state.conversation, selectFocusedPane(state), key)
}

/** The catalog record of the focused pane's model in the active profile, when it is known. */
export function selectFocusedModel(state: AppState): CatalogModel | undefined {
  const model = selectFocusedPane(state)?.model
  return model === undefined ? undefined : findModel(selectCatalogModels(state), model)
}

/** The largest context among the active catalog's models (a bound for max tokens with no model yet). */
export function selectLargestContext(state: AppState): number | undefined {
  const models = selectCatalogModels(state)
  return models.length === 0 ? undefined : Math.max(...models.map((model) => model.context_length))
}

export function paneLabel(index: number): string {
  return `Pane ${index + 1}`
}

/** Each pane's dialect, with the labels notes use ("Pane 2", "Anthropic (messages)"). */
export function usePaneTargets(): PaneTarget[] {
  const dialectIds = useAppStore(useShallow((state) => state.conversation.panes.map((pane) => pane.dialect)))
  return useMemo(
    () =>
      dialectIds.map((dialect: DialectId, index) => ({
        label: paneLabel(index),
        dialect,
        dialectLabel: dialects[dialect].label,
      })),
    [dialectIds],
  )
}
