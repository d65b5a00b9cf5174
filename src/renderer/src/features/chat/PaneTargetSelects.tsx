import { useId } from 'react'
import type { DialectId } from '@shared/chat/chat-request'
import { dialectList } from '@shared/dialects'
import { useAppStore } from '@renderer/store'
import { isVisionModel, selectCatalogModels, selectPane, selectPaneBusy } from './chat-selectors'

/** The pane's dialect and model; models come from the active profile's catalog. */
export function PaneTargetSelects({ paneId }: { paneId: string }): React.JSX.Element {
  const id = useId()
  const dialect = useAppStore((state) => selectPane(state, paneId)?.dialect ?? 'openai-chat')
  const model = useAppStore((state) => selectPane(state, paneId)?.model ?? '')
  const models = useAppStore(selectCatalogModels)
  const busy = useAppStore((state) => selectPaneBusy(state, paneId))
  const known = models.some((record) => record.model === model)
  const setTarget = (patch: { dialect?: DialectId; model?: string }): void =>
    useAppStore.getState().setPaneTarget(paneId, patch)
  return (
    <div className="pane-target">
      <label htmlFor={`${id}-dialect`} className="chat-label">
        Dialect
      </label>
      <select
        id={`${id}-dialect`}
        className="select"
        value={dialect}
        disabled={busy}
        onChange={(event) => setTarget({ dialect: event.target.value as DialectId })}
      >
        {dialectList.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-model`} className="chat-label">
        Model
      </label>
      <select
        id={`${id}-model`}
        className="select pane-model"
        value={model}
        title={
          known
            ? `${model} (${isVisionModel(models, model) ? 'vision: accepts images' : 'text only'})`
            : model
        }
        disabled={busy}
        onChange={(event) => setTarget({ model: event.target.value })}
      >
        {model === '' && <option value="">Pick a model…</option>}
        {!known && model !== '' && <option value={model}>{model} (not in this catalog)</option>}
        {models.map((record) => (
          <option key={record.id} value={record.model}>
            {record.display_config.name}
          </option>
        ))}
      </select>
    </div>
  )
}
