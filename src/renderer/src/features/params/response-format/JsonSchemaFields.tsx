import { useId } from 'react'
import { Button } from '@renderer/components/Button'
import { CHOICE_LABELS, type ResponseFormatEditor } from './use-response-format'
import { FieldRow } from '@renderer/features/params/FieldRow'

/**
 * The JSON schema choice's fields: the schema's name and the schema as JSON, their errors, and what
 * requests use while they are not valid.
 */
export function JsonSchemaFields({ editor }: { editor: ResponseFormatEditor }): React.JSX.Element {
  const nameId = useId()
  const schemaId = useId()
  const errorId = useId()
  const { name, schemaText, nameCheck, schemaCheck } = editor
  const errors = [nameCheck, schemaCheck].flatMap((check) => (check.ok ? [] : [check.message]))
  return (
    <div className="params-subfields">
      <FieldRow htmlFor={nameId} label="Schema name" sublabel>
        <input
          id={nameId}
          className="params-input"
          spellCheck={false}
          value={name}
          aria-invalid={!nameCheck.ok}
          onChange={(event) => editor.editName(event.target.value)}
        />
      </FieldRow>
      <FieldRow htmlFor={schemaId} label="JSON schema" sublabel>
        <Button size="sm" variant="ghost" onClick={editor.useExampleSchema}>
          Use example schema
        </Button>
      </FieldRow>
      <textarea
        id={schemaId}
        className="params-textarea params-code"
        rows={8}
        spellCheck={false}
        value={schemaText}
        aria-invalid={!schemaCheck.ok}
        aria-describedby={errors.length > 0 ? errorId : undefined}
        onChange={(event) => editor.editSchema(event.target.value)}
      />
      {errors.length > 0 && (
        <div id={errorId} className="params-error" role="alert">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </div>
      )}
      {editor.pending && (
        <div className="field-note" role="note">
          Not applied yet: requests use {CHOICE_LABELS[editor.appliedChoice]}
          {editor.appliedSchemaName !== undefined
            ? ` (the last valid schema, "${editor.appliedSchemaName}")`
            : ''}{' '}
          until this is valid.
        </div>
      )}
    </div>
  )
}
