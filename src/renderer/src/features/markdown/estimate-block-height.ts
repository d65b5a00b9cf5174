/**
 * A guess of a markdown block's height before it is rendered, for the block virtualizer: blocks out of
 * view are never rendered, so the scrollbar and the positions of the blocks in view rest on this guess
 * until each block is measured. Close guesses mean small corrections when the user scrolls up through
 * a long reply. The figures follow markdown.css at the default font size (13 px, line height 1.55).
 */
const LINE_PX = 20
const CODE_LINE_PX = 19
const CODE_CHROME_PX = 26 + 16 + 2
const TABLE_ROW_PX = 25
const AVERAGE_CHAR_PX = 6.8
const PARAGRAPH_GAP_PX = 8

/** Characters of a line as wide as Latin ones (CJK and other wide characters count twice). */
function visualWidth(line: string): number {
  let width = line.length
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) >= 0x2e80) width++
  return width
}

export function estimateBlockHeight(text: string, widthPx: number): number {
  const charsPerLine = Math.max(20, Math.floor(widthPx / AVERAGE_CHAR_PX))
  const lines = text.replace(/\s+$/, '').split('\n')
  if (/^\s*(```|~~~)/.test(lines[0] ?? '')) {
    // A fence does not wrap (it scrolls sideways): one row per line, plus its header and padding.
    return CODE_CHROME_PX + Math.max(1, lines.length - 2) * CODE_LINE_PX
  }
  let height = 0
  let paragraphs = 1
  for (const line of lines) {
    if (line.trim() === '') {
      paragraphs++
      continue
    }
    if (/^\s*\|/.test(line)) {
      // A table row (the delimiter row takes no height of its own, but the border rows even it out).
      height += TABLE_ROW_PX
      continue
    }
    const heading = /^#{1,6}\s/.test(line)
    height += Math.max(1, Math.ceil(visualWidth(line) / charsPerLine)) * (heading ? LINE_PX + 6 : LINE_PX)
  }
  return Math.round(height + (paragraphs - 1) * PARAGRAPH_GAP_PX)
}
