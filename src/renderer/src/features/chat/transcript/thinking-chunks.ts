/** A chunk ends at the first line break after it holds this many characters. */
const CHUNK_CHARS = 1_000

/**
 * A thinking text cut after line breaks into chunks of about CHUNK_CHARS, each keeping the line
 * breaks that end it, so the chunks join back to the text and, laid out one block each in
 * `white-space: pre-wrap`, take the same lines as the whole. While thinking streams only the last
 * chunk changes: the browser lays out that chunk each frame, not the whole text, whose cost grew with
 * every token (performance.md R1, R2).
 */
export function thinkingChunks(text: string): string[] {
  const chunks: string[] = []
  const lineBreaks = /\n+/g
  let start = 0
  for (let match = lineBreaks.exec(text); match !== null; match = lineBreaks.exec(text)) {
    const end = match.index + match[0].length
    if (end - start >= CHUNK_CHARS) {
      chunks.push(text.slice(start, end))
      start = end
    }
  }
  chunks.push(text.slice(start))
  return chunks
}
