import { useId } from 'react'
import { LinkToggle } from '@renderer/features/compare/LinkToggle'
import { useAppStore } from '@renderer/store'
import { CacheBreakpointToggle } from './CacheBreakpointToggle'
import { selectFocusedPane, selectParam } from './params-selectors'

/**
 * The prompt cache in each dialect's terms: Messages caches up to the breakpoints it is given (after
 * the system prompt, after the tools; a message's own is on the message), Chat Completions caches
 * long prefixes by itself and groups requests by `prompt_cache_key`.
 */
export function PromptCacheFields(): React.JSX.Element {
  const systemCache = useAppStore((state) => selectParam(state, 'systemCache'))
  const toolsCache = useAppStore((state) => selectParam(state, 'toolsCache'))
  const key = useAppStore((state) => selectParam(state, 'promptCacheKey'))
  const messages = useAppStore((state) => selectFocusedPane(state)?.dialect !== 'openai-chat')
  const setParams = useAppStore((state) => state.setParams)
  const keyId = useId()
  return (
    <>
      <LinkToggle setting="systemCache" />
      <div className="field field-row">
        <span className="field-label">After the system prompt</span>
        <CacheBreakpointToggle
          label="Cache breakpoint after the system prompt"
          value={systemCache}
          onChange={(value) => setParams({ systemCache: value })}
        />
      </div>
      <LinkToggle setting="toolsCache" />
      <div className="field field-row">
        <span className="field-label">After the tools</span>
        <CacheBreakpointToggle
          label="Cache breakpoint after the tools"
          value={toolsCache}
          onChange={(value) => setParams({ toolsCache: value })}
        />
      </div>
      {!messages && (
        <div className="field-hint">
          Chat Completions caches prompts of 1,024 tokens or more by itself: breakpoints are not sent.
        </div>
      )}
      <LinkToggle setting="promptCacheKey" />
      <div className="field">
        <label htmlFor={keyId} className="field-label">
          Prompt cache key
        </label>
        <input
          id={keyId}
          className="text-input"
          value={key ?? ''}
          placeholder="none"
          maxLength={1024}
          onChange={(event) =>
            setParams({ promptCacheKey: event.target.value === '' ? undefined : event.target.value })
          }
        />
        <div className="field-hint">
          Chat Completions `prompt_cache_key`: requests that share it share cached prefixes.
        </div>
      </div>
    </>
  )
}
