/** Where a JSON text stopped making sense: a 1-based line and column, and the parser's reason. */
export type JsonTextError = { message: string; line: number; column: number }

export type ParsedJsonText = { ok: true; value: unknown } | { ok: false; error: JsonTextError }

/**
 * JSON.parse with the error placed in the text. Engines word their messages differently (V8 says
 * "… in JSON at position 7 (line 1 column 8)", older ones only the position, "Unexpected end of JSON
 * input" none at all), so the position is read from the message when there is one, else the error
 * is at the end of the text, and the line and column are always computed here, the same everywhere.
 */
export function parseJsonText(text: string): ParsedJsonText {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error)
    const position = /at position (\d+)/.exec(raw)?.[1]
    const offset = position === undefined ? text.length : Math.min(Number(position), text.length)
    const reason = raw
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/\s*in JSON at position \d+/, '')
      .replace(/^JSON\.parse: /, '')
    return { ok: false, error: { message: reason, ...lineAndColumn(text, offset) } }
  }
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let index = 0; index < offset; index++) {
    if (text.charCodeAt(index) === 10) {
      line++
      lineStart = index + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

export function describeJsonTextError(error: JsonTextError): string {
  return `Line ${error.line}, column ${error.column}: ${error.message}.`
}
