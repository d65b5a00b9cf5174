import { useId } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ToolChoice } from '@shared/chat/chat-request'
import { useAppStore } from '@renderer/store'
import { selectParam } from './params-selectors'
import { supportHint } from './support-hint'
import { FieldRow } from './FieldRow'

const DEFAULT_VALUE = ''
const TOOL_PREFIX = 'tool:'

function toOptionValue(choice: ToolChoice | undefined): string {
  if (choice === undefined) return DEFAULT_VALUE
  return typeof choice === 'string' ? choice : TOOL_PREFIX + choice.name
}

function fromOptionValue(value: string): ToolChoice | undefined {
  if (value === DEFAULT_VALUE) return undefined
  if (value.startsWith(TOOL_PREFIX)) return { name: value.slice(TOOL_PREFIX.length) }
  if (value === 'auto' || value === 'none' || value === 'required') return value
  return undefined
}

/**
 * Tool choice: the server's default (auto), auto, none, required, or one defined tool by name (a
 * forced call). Disabled without tools: both dialects refuse a tool choice with no tools.
 */
export function ToolChoiceField({ listed }: { listed: boolean }): React.JSX.Element {
  const toolNames = useAppStore(
    useShallow((state) => selectParam(state, 'tools')?.map((tool) => tool.name) ?? []),
  )
  const toolChoice = useAppStore((state) => selectParam(state, 'toolChoice'))
  const setParams = useAppStore((state) => state.setParams)
  const id = useId()
  const disabled = toolNames.length === 0
  return (
    <div className="field">
      <FieldRow htmlFor={id} label="Tool choice">
        <select
          id={id}
          className="params-select"
          disabled={disabled}
          value={disabled ? DEFAULT_VALUE : toOptionValue(toolChoice)}
          onChange={(event) => setParams({ toolChoice: fromOptionValue(event.target.value) })}
        >
          <option value={DEFAULT_VALUE}>Default (auto)</option>
          <option value="auto">auto</option>
          <option value="none">none</option>
          <option value="required">required</option>
          {toolNames.map((name) => (
            <option key={name} value={TOOL_PREFIX + name}>
              {name}
            </option>
          ))}
        </select>
      </FieldRow>
      <div className="field-hint">
        {supportHint(listed, disabled ? 'Define tools first.' : 'A tool name forces a call to that tool.')}
      </div>
    </div>
  )
}
