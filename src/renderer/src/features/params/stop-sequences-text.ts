/**
 * Stop sequences in the "Stop sequences" textbox: one per line. A sequence may itself contain a line
 * break (`\n\n` is a classic stop), so inside a line `\n`, `\t`, `\r` and `\\` are escapes; any other
 * backslash is kept as written. Empty lines are ignored (an empty stop sequence means nothing).
 */
export function parseStopSequences(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '')
    .map(unescapeLine)
}

export function formatStopSequences(sequences: readonly string[]): string {
  return sequences.map(escapeLine).join('\n')
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\' }

function unescapeLine(line: string): string {
  return line.replace(/\\([ntr\\])/g, (_, letter: string) => ESCAPES[letter] ?? letter)
}

function escapeLine(sequence: string): string {
  return sequence.replace(/[\\\n\t\r]/g, (character) => {
    switch (character) {
      case '\n':
        return '\\n'
      case '\t':
        return '\\t'
      case '\r':
        return '\\r'
      default:
        return '\\\\'
    }
  })
}
