import type { ZodError } from 'zod'

/** Where in the input a problem is: 1-based line and column, and/or a field path (`cases.3.vars`). */
export type InputLocation = { line?: number; column?: number; path?: string }

/**
 * Bad input to the workbench (a test-set file, a CSV or JSONL import). The message says what is wrong
 * and where, in words a user can act on; `location` carries the same for the UI to point at.
 * Nothing is half-imported: a parser either returns everything or throws this.
 */
export class EvalInputError extends Error {
  constructor(
    message: string,
    readonly location: InputLocation = {},
  ) {
    super(message)
    this.name = 'EvalInputError'
  }
}

function describeLocation(location: InputLocation): string {
  const parts: string[] = []
  if (location.line !== undefined) parts.push(`line ${location.line}`)
  if (location.column !== undefined) parts.push(`column ${location.column}`)
  if (location.path !== undefined && location.path !== '') parts.push(location.path)
  return parts.join(', ')
}

/** `source: line 3, cases.2.vars: message` */
export function inputError(source: string, location: InputLocation, detail: string): EvalInputError {
  const where = describeLocation(location)
  return new EvalInputError(`${source}${where === '' ? '' : `, ${where}`}: ${detail}`, location)
}

/** The first zod issues (at most 3) as one error naming their paths. */
export function inputErrorFromZod(source: string, error: ZodError, base: InputLocation = {}): EvalInputError {
  const issues = error.issues.slice(0, 3).map((issue) => {
    const path = [...issue.path]
    if (issue.code === 'unrecognized_keys') return `${[...path, ...issue.keys].join('.')}: unknown field`
    return `${path.length === 0 ? '(top level)' : path.join('.')}: ${issue.message}`
  })
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : ''
  const first = error.issues[0]
  return inputError(
    source,
    { ...base, ...(first ? { path: first.path.join('.') } : {}) },
    issues.join('; ') + more,
  )
}

/** 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

export function checkInputSize(source: string, text: string, maxChars: number): void {
  if (text.length > maxChars) {
    throw inputError(
      source,
      {},
      `the input is ${text.length.toLocaleString('en-US')} characters; at most ${maxChars.toLocaleString('en-US')} are read.`,
    )
  }
}

/**
 * Where JSON.parse failed. V8 names the offset only for some errors (`at position 12`), not for
 * `Unexpected token ','`; then the YAML parser (JSON is YAML 1.2 flow syntax, and it reports line and
 * column) is asked where it stops. Undefined when neither can tell.
 */
export function locateJsonError(
  text: string,
  message: string,
  parseDocument: (text: string) => {
    errors: ReadonlyArray<{ linePos?: [{ line: number; col: number }, ...unknown[]] }>
  },
): { line: number; column: number } | undefined {
  const offset = /at position (\d+)/.exec(message)
  if (offset !== null) return lineAndColumn(text, Number(offset[1]))
  const position = parseDocument(text).errors[0]?.linePos?.[0]
  return position === undefined ? undefined : { line: position.line, column: position.col }
}

/** V8's JSON message without the echo of the input it appends (`…, "{ "a": …" is not valid JSON`). */
export function shortJsonMessage(message: string): string {
  return (message.split(/, \.\.\.|, "|\n/)[0] ?? message).slice(0, 200)
}
