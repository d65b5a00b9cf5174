import { useId } from 'react'
import { supportHint } from '@renderer/features/params/support-hint'
import { JsonSchemaFields } from './JsonSchemaFields'
import { CHOICE_LABELS, isFormatChoice, useResponseFormat, type FormatChoice } from './use-response-format'
import { FieldRow } from '@renderer/features/params/FieldRow'

/**
 * Response format: Text (nothing sent, the default), JSON object, or JSON schema with a name and a
 * schema edited as JSON. The schema is checked as it is typed (syntax with its position, then the
 * gateway's own structural check); text that does not pass stays in the editor, with the error, and
 * is not applied: requests keep the last valid format until it does.
 */
export function ResponseFormatField({ listed }: { listed: boolean }): React.JSX.Element {
  const editor = useResponseFormat()
  const selectId = useId()
  return (
    <div className="field">
      <FieldRow htmlFor={selectId} label="Response format">
        <select
          id={selectId}
          className="params-select"
          value={editor.choice}
          onChange={(event) => {
            if (isFormatChoice(event.target.value)) editor.choose(event.target.value)
          }}
        >
          {(Object.keys(CHOICE_LABELS) as FormatChoice[]).map((option) => (
            <option key={option} value={option}>
              {CHOICE_LABELS[option]}
            </option>
          ))}
        </select>
      </FieldRow>
      {!listed && <div className="field-hint">{supportHint(false)}</div>}
      {editor.choice === 'json_schema' && <JsonSchemaFields editor={editor} />}
    </div>
  )
}
