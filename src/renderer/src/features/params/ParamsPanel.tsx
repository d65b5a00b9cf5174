import { useId } from 'react'
import { SliderField } from '@renderer/components/SliderField'
import { LinkToggle } from '@renderer/features/compare/LinkToggle'
import { dialects } from '@shared/dialects'
import { useAppStore } from '@renderer/store'
import { useNextRequests } from '@renderer/features/curl/use-next-requests'
import { MaxTokensField } from './MaxTokensField'
import { ParallelToolCallsField } from './ParallelToolCallsField'
import { PromptCacheFields } from './PromptCacheFields'
import { ReasoningField } from './ReasoningField'
import { ResponseFormatField } from './response-format/ResponseFormatField'
import { SeedField } from './SeedField'
import { StopSequencesField } from './StopSequencesField'
import { TemperatureField } from './TemperatureField'
import { ToolChoiceField } from './ToolChoiceField'
import { ToolsField } from './ToolsField'
import { TranslationPreview } from './TranslationPreview'
import { TOP_P_DEFAULT, TOP_P_MAX } from './dialect-ranges'
import { ParamsSection } from './ParamsSection'
import { paneLabel, selectFocusedModel, selectFocusedPane, selectParam } from './params-selectors'
import { supportHint } from './support-hint'
import './params.css'

/**
 * The "Parameters" tab: the conversation's sampling and tool parameters (shared by its panes), checked
 * against the focused pane's model, and what each pane's dialect will do with them.
 */
export function ParamsPanel(): React.JSX.Element {
  const conversationId = useAppStore((state) => state.conversation.id)
  // Editors keep what was typed per conversation: opening another one starts them afresh.
  return <ParamsForm key={conversationId} />
}

function ParamsForm(): React.JSX.Element {
  const model = useAppStore(selectFocusedModel)
  const topP = useAppStore((state) => selectParam(state, 'topP'))
  const setParams = useAppStore((state) => state.setParams)
  const nextRequests = useNextRequests()

  // Without a catalog record every control is offered; with one, unlisted ones say so.
  const supported = model ? new Set(model.supported_parameters) : undefined
  const listed = (param: string): boolean => supported === undefined || supported.has(param)

  return (
    <div className="params-panel">
      <ParamsContext />

      <ParamsSection title="Sampling">
        <LinkToggle setting="temperature" />
        <TemperatureField listed={listed('temperature')} />
        <LinkToggle setting="topP" />
        <SliderField
          label="Top P"
          value={topP}
          min={0}
          max={TOP_P_MAX}
          step={0.01}
          unsetAt={TOP_P_DEFAULT}
          onChange={(value) => setParams({ topP: value })}
          hint={supportHint(listed('top_p'), `0–${TOP_P_MAX}. Empty: the server's default.`)}
        />
        <LinkToggle setting="maxTokens" />
        <MaxTokensField listed={listed('max_tokens')} nextRequests={nextRequests} />
        <LinkToggle setting="seed" />
        <SeedField listed={listed('seed')} />
        <LinkToggle setting="stream" />
        <StreamField listed={listed('stream')} />
        <LinkToggle setting="stop" />
        <StopSequencesField listed={listed('stop')} />
      </ParamsSection>

      <ParamsSection title="Reasoning">
        <LinkToggle setting="reasoning" />
        <ReasoningField
          listed={model === undefined || model.provider_pricing.some((provider) => provider.reasoning)}
          nextRequests={nextRequests}
        />
      </ParamsSection>

      <ParamsSection title="Prompt cache">
        <PromptCacheFields />
      </ParamsSection>

      <ParamsSection title="Output">
        <LinkToggle setting="responseFormat" />
        <ResponseFormatField listed={listed('response_format')} />
      </ParamsSection>

      <ParamsSection title="Tools">
        <LinkToggle setting="tools" />
        <ToolsField listed={listed('tools')} />
        <LinkToggle setting="toolChoice" />
        <ToolChoiceField listed={listed('tool_choice')} />
        <ParallelToolCallsField />
      </ParamsSection>

      <TranslationPreview nextRequests={nextRequests} />
    </div>
  )
}

/** Which model the parameters are checked against (the focused pane's), and how linking works. */
function ParamsContext(): React.JSX.Element {
  const model = useAppStore(selectFocusedModel)
  // Primitives only: the focused pane object changes on every streamed frame, its dialect does not.
  const focusedDialect = useAppStore((state) => selectFocusedPane(state)?.dialect)
  const focusedIndex = useAppStore((state) => {
    const focused = selectFocusedPane(state)
    return focused ? state.conversation.panes.indexOf(focused) : 0
  })
  const paneCount = useAppStore((state) => state.conversation.panes.length)
  return (
    <p className="params-context">
      {focusedDialect && model ? (
        <>
          For <strong title={model.model}>{model.model}</strong> ({paneLabel(focusedIndex)},{' '}
          {dialects[focusedDialect].label}).
        </>
      ) : (
        <>No model picked yet: every parameter is offered.</>
      )}
      {paneCount > 1 && ' Linked parameters go to both panes; unlink one to give each pane its own.'}
    </p>
  )
}

function StreamField({ listed }: { listed: boolean }): React.JSX.Element {
  const stream = useAppStore((state) => selectParam(state, 'stream'))
  const setParams = useAppStore((state) => state.setParams)
  const streamId = useId()
  return (
    <div className="field params-checkbox-field">
      <input
        id={streamId}
        type="checkbox"
        checked={stream}
        onChange={(event) => setParams({ stream: event.target.checked })}
      />
      <label htmlFor={streamId} className="params-checkbox-label">
        Stream
      </label>
      {!listed && <span className="field-hint">{supportHint(false)}</span>}
    </div>
  )
}
