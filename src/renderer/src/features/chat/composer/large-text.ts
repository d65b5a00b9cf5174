/**
 * Text over this many UTF-8 bytes is kept out of live text boxes: a value of megabytes in a textarea
 * makes every keystroke re-layout it. Such text becomes a collapsed "pasted text" block in the
 * composer and in the transcript, shown by size and first lines, expanded on demand.
 */
export const LARGE_TEXT_BYTES = 100 * 1024

const utf8 = new TextEncoder()

export function isLargeText(text: string): boolean {
  // A UTF-16 unit is 1 to 3 UTF-8 bytes: most texts are decided without encoding them.
  if (text.length > LARGE_TEXT_BYTES) return true
  if (text.length * 3 <= LARGE_TEXT_BYTES) return false
  return utf8.encode(text).length > LARGE_TEXT_BYTES
}

export type LargeTextSummary = { bytes: number; lines: number; firstLines: string[] }

/** Size, line count and the first few lines (each cut short), read without splitting the whole text. */
export function summarizeLargeText(text: string, firstLineCount = 3, maxLineChars = 160): LargeTextSummary {
  const firstLines: string[] = []
  let start = 0
  while (firstLines.length < firstLineCount && start <= text.length) {
    const end = text.indexOf('\n', start)
    const line = text.slice(start, end === -1 ? text.length : end)
    firstLines.push(line.length > maxLineChars ? line.slice(0, maxLineChars) + '…' : line)
    if (end === -1) break
    start = end + 1
  }
  let lines = 1
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++
  return { bytes: utf8.encode(text).length, lines, firstLines }
}
