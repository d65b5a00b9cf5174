import { parse as parseYaml, parseDocument, stringify as stringifyYaml, YAMLParseError } from 'yaml'
import { EVAL_LIMITS } from './eval-limits'
import {
  checkInputSize,
  inputError,
  inputErrorFromZod,
  locateJsonError,
  shortJsonMessage,
} from './eval-input-error'
import { testSetSchema, type TestSet } from './test-set-schema'

export type TestSetFileFormat = 'json' | 'yaml'

/** `.yaml`/`.yml` are YAML; anything else is JSON. */
function testSetFormatOf(fileName: string): TestSetFileFormat {
  return /\.ya?ml$/i.test(fileName) ? 'yaml' : 'json'
}

function parseJson(source: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const where = locateJsonError(text, message, parseDocument)
    throw inputError(source, where ?? {}, `not valid JSON (${shortJsonMessage(message)})`)
  }
}

function parseYamlText(source: string, text: string): unknown {
  try {
    // Aliases are capped (the library's default 100) so a "billion laughs" file cannot blow up.
    return parseYaml(text, { maxAliasCount: 100, uniqueKeys: true })
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const pos = error.linePos?.[0]
      throw inputError(
        source,
        pos ? { line: pos.line, column: pos.col } : {},
        `not valid YAML (${error.message.split('\n')[0]})`,
      )
    }
    throw inputError(source, {}, `not valid YAML (${error instanceof Error ? error.message : String(error)})`)
  }
}

/**
 * Reads a test-set file (JSON or YAML by its name) and validates it. Throws EvalInputError naming
 * the line and column of a syntax error, or the field path of a schema error.
 */
export function parseTestSetFile(text: string, fileName: string): TestSet {
  checkInputSize(fileName, text, EVAL_LIMITS.fileChars)
  const format = testSetFormatOf(fileName)
  const data =
    format === 'yaml' ? parseYamlText(fileName, text) : parseJson(fileName, text.replace(/^\uFEFF/, ''))
  const parsed = testSetSchema.safeParse(data)
  if (!parsed.success) throw inputErrorFromZod(fileName, parsed.error)
  return parsed.data
}

/** The file text of a set; parsing it again gives the same set. */
export function serializeTestSet(set: TestSet, format: TestSetFileFormat): string {
  return format === 'yaml' ? stringifyYaml(set, { lineWidth: 0 }) : `${JSON.stringify(set, null, 2)}\n`
}
