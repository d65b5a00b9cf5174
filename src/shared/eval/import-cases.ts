import { parse as parseCsv } from 'csv-parse/browser/esm/sync'
import { parseDocument } from 'yaml'
import { EVAL_LIMITS } from './eval-limits'
import {
  checkInputSize,
  inputError,
  inputErrorFromZod,
  locateJsonError,
  shortJsonMessage,
  type InputLocation,
} from './eval-input-error'
import { checkExpectColumn, graderFromCell, isExpectColumn } from './expect-columns'
import type { GraderSpec } from './grader-spec'
import { VARIABLE_NAME, VARIABLE_NAME_RULE } from '../templates/template'
import { testCaseSchema, type TestCase } from './test-set-schema'

/**
 * Imports cases from a table: CSV (RFC 4180: quoted fields, "" escapes, CRLF or LF, line breaks
 * inside quotes; a UTF-8 BOM is dropped) or JSONL (one JSON object per line). Columns are variables,
 * `expect.*` columns are expectations (expect-columns.ts). All or nothing: any bad row, header or
 * cell throws EvalInputError naming its line (and column), and nothing is returned half-read.
 */
export type ImportedCases = {
  cases: TestCase[]
  /** The variable columns, in the order of the header. */
  variables: string[]
}

type Row = { line: number; cells: Record<string, string> }

/** Column names: non-empty, unique, valid names for variables or known expectations. */
function checkHeader(source: string, columns: readonly string[], line: number): void {
  const seen = new Set<string>()
  columns.forEach((column, index) => {
    const where: InputLocation = { line, column: index + 1 }
    if (column.trim() === '') throw inputError(source, where, 'a column has no name')
    if (seen.has(column)) throw inputError(source, where, `column ${JSON.stringify(column)} appears twice`)
    seen.add(column)
    const bad = checkExpectColumn(column)
    if (bad !== undefined) throw inputError(source, where, bad)
    if (!isExpectColumn(column) && !VARIABLE_NAME.test(column)) {
      throw inputError(source, where, `column ${JSON.stringify(column)} is not ${VARIABLE_NAME_RULE}`)
    }
  })
  const variables = columns.filter((c) => !isExpectColumn(c))
  if (variables.length > EVAL_LIMITS.variables) {
    throw inputError(
      source,
      { line },
      `${variables.length} variable columns; at most ${EVAL_LIMITS.variables}`,
    )
  }
}

function rowsToCases(source: string, columns: readonly string[], rows: readonly Row[]): ImportedCases {
  const cases = rows.map((row, index): TestCase => {
    const vars: Record<string, string> = {}
    const graders: GraderSpec[] = []
    columns.forEach((column, columnIndex) => {
      const cell = row.cells[column] ?? ''
      if (cell.length > EVAL_LIMITS.valueChars) {
        throw inputError(
          source,
          { line: row.line, column: columnIndex + 1 },
          `the value is longer than ${EVAL_LIMITS.valueChars} characters`,
        )
      }
      if (!isExpectColumn(column)) {
        vars[column] = cell
        return
      }
      if (cell.trim() === '') return
      try {
        graders.push(graderFromCell(column, cell))
      } catch (error) {
        throw inputError(
          source,
          { line: row.line, column: columnIndex + 1 },
          `${column}: ${(error as Error).message}`,
        )
      }
    })
    // Ids from the position, so a re-import of the same table compares case by case with old runs.
    const testCase: TestCase = { id: `row-${index + 1}`, vars, ...(graders.length > 0 ? { graders } : {}) }
    const parsed = testCaseSchema.safeParse(testCase)
    if (!parsed.success) throw inputErrorFromZod(source, parsed.error, { line: row.line })
    return parsed.data
  })
  return { cases, variables: columns.filter((c) => !isExpectColumn(c)) }
}

type CsvInfoRecord = { record: string[]; info: { lines: number; empty_lines: number } }

export function importCasesFromCsv(text: string, source = 'CSV'): ImportedCases {
  checkInputSize(source, text, EVAL_LIMITS.fileChars)
  let records: CsvInfoRecord[]
  try {
    records = parseCsv(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      // One header plus the case cap, and one more row to notice there are too many.
      to: EVAL_LIMITS.cases + 2,
    }) as unknown as CsvInfoRecord[]
  } catch (error) {
    const csvError = error as { lines?: number; message?: string }
    throw inputError(
      source,
      csvError.lines === undefined ? {} : { line: csvError.lines },
      `not valid CSV (${csvError.message ?? String(error)})`,
    )
  }
  const [header, ...body] = records
  if (header === undefined)
    throw inputError(source, {}, 'the file is empty; the first line must name the columns')
  if (body.length > EVAL_LIMITS.cases) throw inputError(source, {}, `more than ${EVAL_LIMITS.cases} rows`)
  // csv-parse reports the line a record ENDS on; a record starts after the previous one (and any
  // skipped empty lines), which is what a user looks for in an editor.
  const startLine = (index: number): number => {
    const previous = records[index - 1]
    const current = records[index] as CsvInfoRecord
    if (previous === undefined) return 1 + current.info.empty_lines
    return previous.info.lines + 1 + (current.info.empty_lines - previous.info.empty_lines)
  }
  const columns = header.record
  checkHeader(source, columns, startLine(0))
  const rows = body.map((entry, index) => ({
    line: startLine(index + 1),
    cells: Object.fromEntries(columns.map((column, i) => [column, entry.record[i] ?? ''])),
  }))
  return rowsToCases(source, columns, rows)
}

/**
 * JSONL: each non-empty line is a flat JSON object of strings (numbers and booleans are written as
 * text), keyed like CSV columns. The columns are the union of all keys, in order of first appearance;
 * a row without a variable gets the empty string, as an empty CSV cell would.
 */
export function importCasesFromJsonl(text: string, source = 'JSONL'): ImportedCases {
  checkInputSize(source, text, EVAL_LIMITS.fileChars)
  const rows: Row[] = []
  const columns: string[] = []
  const known = new Set<string>()
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  lines.forEach((lineText, index) => {
    const line = index + 1
    if (lineText.trim() === '') return
    if (rows.length >= EVAL_LIMITS.cases)
      throw inputError(source, { line }, `more than ${EVAL_LIMITS.cases} rows`)
    let value: unknown
    try {
      value = JSON.parse(lineText)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const column = locateJsonError(lineText, message, parseDocument)?.column
      throw inputError(
        source,
        { line, ...(column === undefined ? {} : { column }) },
        `not valid JSON (${shortJsonMessage(message)})`,
      )
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw inputError(source, { line }, 'each line must be a JSON object of column names and values')
    }
    const cells: Record<string, string> = {}
    for (const [key, cell] of Object.entries(value)) {
      if (typeof cell === 'string') cells[key] = cell
      else if (typeof cell === 'number' || typeof cell === 'boolean') cells[key] = String(cell)
      // Objects (a JSON Schema in expect.json or expect.tool's arguments) are kept as their JSON.
      else if (isExpectOrObject(key, cell)) cells[key] = JSON.stringify(cell)
      else throw inputError(source, { line, path: key }, 'values must be strings, numbers or booleans')
      if (!known.has(key)) {
        known.add(key)
        columns.push(key)
        checkHeader(source, columns, line)
      }
    }
    rows.push({ line, cells })
  })
  return rowsToCases(source, columns, rows)
}

function isExpectOrObject(key: string, cell: unknown): boolean {
  return isExpectColumn(key) && typeof cell === 'object' && cell !== null
}

/** By file name: `.jsonl`/`.ndjson` are JSONL, anything else CSV. */
export function importCases(text: string, fileName: string): ImportedCases {
  return /\.(jsonl|ndjson)$/i.test(fileName)
    ? importCasesFromJsonl(text, fileName)
    : importCasesFromCsv(text, fileName)
}
