import type { ResponseFormat } from '@shared/chat/chat-request'
import { useAppStore } from '@renderer/store'
import { selectParam } from '@renderer/features/params/params-selectors'
import { useEditorText } from '@renderer/features/params/use-editor-text'
import { formatJson } from '@renderer/features/params/validate-tools'
import {
  EXAMPLE_RESPONSE_SCHEMA,
  EXAMPLE_RESPONSE_SCHEMA_NAME,
  validateResponseSchemaText,
  validateSchemaName,
} from './validate-response-schema'

export type FormatChoice = ResponseFormat['type']

export const CHOICE_LABELS: Record<FormatChoice, string> = {
  text: 'Text',
  json_object: 'JSON object',
  json_schema: 'JSON schema',
}

export function isFormatChoice(value: string): value is FormatChoice {
  return value in CHOICE_LABELS
}

type Check = ReturnType<typeof validateSchemaName> | ReturnType<typeof validateResponseSchemaText>

/** The response format being edited, what requests use meanwhile, and the edits. */
export type ResponseFormatEditor = {
  choice: FormatChoice
  /** What requests use: the last format that was valid. */
  appliedChoice: FormatChoice
  appliedSchemaName: string | undefined
  name: string
  schemaText: string
  nameCheck: Check
  schemaCheck: Check
  /** JSON schema is chosen but not valid yet: requests keep the applied format. */
  pending: boolean
  choose(next: FormatChoice): void
  editName(name: string): void
  editSchema(schemaText: string): void
  useExampleSchema(): void
}

/**
 * The choice, the schema's name and its text, each kept as typed (useEditorText) and checked as it is
 * typed; a JSON schema is applied to the conversation's parameters only once both name and schema
 * pass.
 */
export function useResponseFormat(): ResponseFormatEditor {
  const applied = useAppStore((state) => selectParam(state, 'responseFormat'))
  const setParams = useAppStore((state) => state.setParams)
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

  const applySchema = (nextName: string, nextSchemaText: string): void => {
    const format = schemaFormat(appliedSchema, nextName, nextSchemaText)
    if (format !== undefined) setParams({ responseFormat: format })
  }
  const replaceSchema = (text: string): void => {
    setSchemaText(text)
    applySchema(name, text)
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

  return {
    choice,
    appliedChoice,
    appliedSchemaName: appliedSchema?.name,
    name,
    schemaText,
    nameCheck,
    schemaCheck,
    pending: choice === 'json_schema' && (!schemaCheck.ok || !nameCheck.ok),
    choose,
    editName(next) {
      setName(next)
      applySchema(next, schemaText)
    },
    editSchema: replaceSchema,
    useExampleSchema: () => replaceSchema(formatJson(EXAMPLE_RESPONSE_SCHEMA)),
  }
}

/** The JSON schema format of a name and a schema text, when both are valid. */
function schemaFormat(
  applied: Extract<ResponseFormat, { type: 'json_schema' }> | undefined,
  name: string,
  schemaText: string,
): ResponseFormat | undefined {
  const checkedName = validateSchemaName(name)
  const checkedSchema = validateResponseSchemaText(schemaText)
  if (!checkedName.ok || !checkedSchema.ok) return undefined
  // A description or strictness that came with an opened conversation stays.
  return { ...applied, type: 'json_schema', name: checkedName.value, schema: checkedSchema.value }
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b))
  } catch {
    return false
  }
}
