import { useId } from 'react'
import { Button } from '@renderer/components/Button'
import type { ToolChoice, ToolDefinition } from '@shared/chat/chat-request'
import { useAppStore } from '@renderer/store'
import { selectParam } from './params-selectors'
import { supportHint } from './support-hint'
import { useEditorText } from './use-editor-text'
import { describeConversions, formatJson, textWithExampleTool, validateToolsText } from './validate-tools'
import { FieldRow } from './FieldRow'

/**
 * Tools as JSON: an array of `{ name, description?, parameters }` (or of OpenAI's or Anthropic's
 * native tool objects, converted, and the hint says which), checked as typed. Invalid text stays
 * in the editor with the error and is not applied; valid text replaces the conversation's tools (and
 * a tool choice naming a tool that is gone falls back to the default).
 */
export function ToolsField({ listed }: { listed: boolean }): React.JSX.Element {
  const tools = useAppStore((state) => selectParam(state, 'tools'))
  const toolChoice = useAppStore((state) => selectParam(state, 'toolChoice'))
  const setParams = useAppStore((state) => state.setParams)
  const id = useId()
  const errorId = useId()

  const appliedText = tools && tools.length > 0 ? formatJson(tools) : ''
  const [text, setText] = useEditorText('tools', {
    applied: appliedText,
    sameAsApplied: (draft) => {
      const checked = validateToolsText(draft)
      return checked.ok && JSON.stringify(checked.value) === JSON.stringify(tools ?? [])
    },
    isValid: (draft) => validateToolsText(draft).ok,
  })
  const check = validateToolsText(text)

  const edit = (next: string): void => {
    setText(next)
    const checked = validateToolsText(next)
    if (!checked.ok) return
    setParams({
      tools: checked.value.length > 0 ? checked.value : undefined,
      toolChoice: choiceStillValid(toolChoice, checked.value) ? toolChoice : undefined,
    })
  }

  const names = tools?.map((tool) => tool.name) ?? []
  return (
    <div className="field">
      <FieldRow htmlFor={id} label="Tools (JSON)">
        <Button size="sm" variant="ghost" onClick={() => edit(textWithExampleTool(text))}>
          Insert example
        </Button>
      </FieldRow>
      <textarea
        id={id}
        className="params-textarea params-code"
        rows={9}
        spellCheck={false}
        placeholder={'[\n  { "name": "…", "description": "…", "parameters": { "type": "object", … } }\n]'}
        value={text}
        aria-invalid={!check.ok}
        aria-describedby={check.ok ? undefined : errorId}
        onChange={(event) => edit(event.target.value)}
      />
      {check.ok ? (
        <div className="field-hint">
          {supportHint(
            listed,
            names.length === 0
              ? 'No tools: nothing sent.'
              : [describeConversions(check.converted), `Applied: ${names.join(', ')}.`]
                  .filter(Boolean)
                  .join(' '),
          )}
        </div>
      ) : (
        <>
          <div id={errorId} className="params-error" role="alert">
            {check.message}
          </div>
          <div className="field-note" role="note">
            Not applied yet: requests use{' '}
            {names.length === 0 ? 'no tools' : `the last valid tools (${names.join(', ')})`} until this is
            valid.
          </div>
        </>
      )}
    </div>
  )
}

function choiceStillValid(choice: ToolChoice | undefined, tools: readonly ToolDefinition[]): boolean {
  if (choice === undefined || typeof choice === 'string') return true
  return tools.some((tool) => tool.name === choice.name)
}
