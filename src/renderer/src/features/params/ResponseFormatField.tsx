import { useId } from 'react'
import { Button } from '@renderer/components/Button'
import type { ResponseFormat } from '@shared/chat/chat-request'
import { useAppStore } from '@renderer/store'
import { selectParam } from './params-selectors'
import { supportHint } from './support-hint'
import { useEditorText } from './use-editor-text'
import {
  EXAMPLE_RESPONSE_SCHEMA,
  EXAMPLE_RESPONSE_SCHEMA_NAME,
  validateResponseSchemaText,
  validateSchemaName,
} from './validate-response-schema'
import { formatJson } from './validate-tools'

type FormatChoice = ResponseFormat['type']

const CHOICE_LABELS: Record<FormatChoice, string> = {
  text: 'Text',
  json_object: 'JSON object',
  json_schema: 'JSON schema',
}

function isFormatChoice(value: string): value is FormatChoice {
  return value in CHOICE_LABELS
}

/**
 * Response format: Text (nothing sent, the default), JSON object, or JSON schema with a name and a
 * schema edited as JSON. The schema is checked as it is typed (syntax with its position, then the
 * gateway's own structural check); text that does not pass stays in the editor, with the error, and
 * is not applied: requests keep the last valid format until it does.
 */
export function ResponseFormatField({ listed }: { listed: boolean }): React.JSX.Element {
  const applied = useAppStore((state) => selectParam(state, 'responseFormat'))
  const setParams = useAppStore((state) => state.setParams)
  const selectId = useId()
  const nameId = useId()
  const schemaId = useId()
  const errorId = useId()

  const appliedSchema = applied?.type === 'json_schema' ? applied : undefined
  const appliedChoice: FormatChoice = applied?.type ?? 'text'
  const [choiceText, setChoiceText] = useEditorText('response-format', {
    applied: appliedChoice,
    // A pending choice is only kept while its schema is not applicable (json_schema, invalid).
    sameAsApplied: (draft) => draft === appliedChoice,
    isValid: (draft) => draft !== 'json_schema',
  })
  const choice: FormatChoice = isFormatChoice(choiceText) ? choiceText : appliedChoice

  const appliedSchemaText = appliedSchema ? formatJson(appliedSchema.schema) : ''
  const [schemaText, setSchemaText] = useEditorText('json-schema', {
    applied: appliedSchemaText,
    sameAsApplied: (draft) => sameJson(draft, appliedSchemaText),
    isValid: (draft) => validateResponseSchemaText(draft).ok,
  })
  const [name, setName] = useEditorText('json-schema-name', {
    applied: appliedSchema?.name ?? EXAMPLE_RESPONSE_SCHEMA_NAME,
    sameAsApplied: (draft) => draft === appliedSchema?.name,
    isValid: (draft) => validateSchemaName(draft).ok,
  })

  const schemaCheck = validateResponseSchemaText(schemaText)
  const nameCheck = validateSchemaName(name)
  const pending = choice === 'json_schema' && (!schemaCheck.ok || !nameCheck.ok)

  const applySchema = (nextName: string, nextSchemaText: string): void => {
    const checkedName = validateSchemaName(nextName)
    const checkedSchema = validateResponseSchemaText(nextSchemaText)
    if (!checkedName.ok || !checkedSchema.ok) return
    setParams({
      responseFormat: {
        // A description or strictness that came with an opened conversation stays.
        ...appliedSchema,
        type: 'json_schema',
        name: checkedName.value,
        schema: checkedSchema.value,
      },
    })
  }

  const choose = (next: FormatChoice): void => {
    setChoiceText(next)
    switch (next) {
      case 'text':
        // Text is what servers do when nothing is sent: unset, not `{ type: 'text' }`.
        setParams({ responseFormat: undefined })
        return
      case 'json_object':
        setParams({ responseFormat: { type: 'json_object' } })
        return
      case 'json_schema': {
        // An empty editor starts from the example, so choosing JSON schema is enough to try it.
        const startText = schemaText.trim() === '' ? formatJson(EXAMPLE_RESPONSE_SCHEMA) : schemaText
        if (startText !== schemaText) setSchemaText(startText)
        applySchema(name, startText)
        return
      }
      default: {
        const unreachable: never = next
        throw new Error(`unknown response format ${JSON.stringify(unreachable)}`)
      }
    }
  }

  const errors = [nameCheck, schemaCheck].flatMap((check) => (check.ok ? [] : [check.message]))
  return (
    <div className="field">
      <div className="field-row">
        <label htmlFor={selectId} className="field-label">
          Response format
        </label>
        <select
          id={selectId}
          className="params-select"
          value={choice}
          onChange={(event) => {
            if (isFormatChoice(event.target.value)) choose(event.target.value)
          }}
        >
          {(Object.keys(CHOICE_LABELS) as FormatChoice[]).map((option) => (
            <option key={option} value={option}>
              {CHOICE_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      {!listed && <div className="field-hint">{supportHint(false)}</div>}
      {choice === 'json_schema' && (
        <div className="params-subfields">
          <div className="field-row">
            <label htmlFor={nameId} className="field-label params-sublabel">
              Schema name
            </label>
            <input
              id={nameId}
              className="params-input"
              spellCheck={false}
              value={name}
              aria-invalid={!nameCheck.ok}
              onChange={(event) => {
                setName(event.target.value)
                applySchema(event.target.value, schemaText)
              }}
            />
          </div>
          <div className="field-row">
            <label htmlFor={schemaId} className="field-label params-sublabel">
              JSON schema
            </label>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                const example = formatJson(EXAMPLE_RESPONSE_SCHEMA)
                setSchemaText(example)
                applySchema(name, example)
              }}
            >
              Use example schema
            </Button>
          </div>
          <textarea
            id={schemaId}
            className="params-textarea params-code"
            rows={8}
            spellCheck={false}
            value={schemaText}
            aria-invalid={!schemaCheck.ok}
            aria-describedby={errors.length > 0 ? errorId : undefined}
            onChange={(event) => {
              setSchemaText(event.target.value)
              applySchema(name, event.target.value)
            }}
          />
          {errors.length > 0 && (
            <div id={errorId} className="params-error" role="alert">
              {errors.map((error) => (
                <div key={error}>{error}</div>
              ))}
            </div>
          )}
          {pending && (
            <div className="field-note" role="note">
              Not applied yet: requests use {CHOICE_LABELS[appliedChoice]}
              {appliedSchema ? ` (the last valid schema, "${appliedSchema.name}")` : ''} until this is valid.
            </div>
          )}
        </div>
      )}
    </div>
  )
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b))
  } catch {
    return false
  }
}
