/**
 * Splits markdown into blocks that render the same apart as together, so a streaming reply re-renders
 * only its last (growing) block per frame and every settled block is rendered once: a full re-parse
 * per token grows with the reply (performance.md R2).
 *
 * A block ends at a blank line; the blank lines stay with the block before them, so the blocks
 * concatenate to the text exactly. Two places are never cut:
 * - inside a code fence (blank lines are part of the code);
 * - before a line that starts with whitespace: after a blank line that is a list item's continuation
 *   or indented code, which belongs to the block before. Not cutting only merges blocks, which is
 *   always safe; a wrong cut would change the rendering.
 *
 * Cuts depend only on complete lines before the cut and the first character of the line after it, so
 * appending text never moves an earlier cut: that is what makes the incremental splitter correct.
 */

type Fence = { char: '`' | '~'; length: number }

const FENCE_LINE = /^[ \t]*(`{3,}|~{3,})(.*)$/

/** The fence a line opens, if it opens one (a backtick fence's info string may not hold a backtick). */
function openingFence(line: string): Fence | undefined {
  const match = FENCE_LINE.exec(line)
  if (!match) return undefined
  const marker = match[1] ?? ''
  const info = match[2] ?? ''
  const char = marker[0] === '~' ? '~' : '`'
  if (char === '`' && info.includes('`')) return undefined
  return { char, length: marker.length }
}

/** A closing fence: the same character, at least as long, nothing but whitespace after it. */
function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE_LINE.exec(line)
  if (!match) return false
  const marker = match[1] ?? ''
  return marker[0] === fence.char && marker.length >= fence.length && (match[2] ?? '').trim() === ''
}

function isBlank(line: string): boolean {
  return line.trim() === ''
}

/** Cut offsets of `text` from `start` (which must itself be a cut or 0), in increasing order. */
function cutOffsets(text: string, start: number): number[] {
  const cuts: number[] = []
  let fence: Fence | undefined
  let blockHasContent = false
  let sawBlankAfterContent = false
  let position = start
  while (position < text.length) {
    const newline = text.indexOf('\n', position)
    const end = newline === -1 ? text.length : newline + 1
    const line = text.slice(position, newline === -1 ? text.length : newline).replace(/\r$/, '')
    if (fence) {
      if (closesFence(line, fence)) fence = undefined
    } else if (isBlank(line)) {
      if (blockHasContent) sawBlankAfterContent = true
    } else {
      const first = line[0]
      if (sawBlankAfterContent && first !== ' ' && first !== '\t') {
        cuts.push(position)
        sawBlankAfterContent = false
      }
      if (sawBlankAfterContent) sawBlankAfterContent = false
      blockHasContent = true
      fence = openingFence(line)
    }
    position = end
  }
  return cuts
}

/** The blocks of `text`; `blocks.join('') === text`. */
export function splitMarkdownBlocks(text: string): string[] {
  if (text === '') return []
  const blocks: string[] = []
  let from = 0
  for (const cut of cutOffsets(text, 0)) {
    blocks.push(text.slice(from, cut))
    from = cut
  }
  blocks.push(text.slice(from))
  return blocks
}

/**
 * A copy of `slice` that does not keep its source alive. V8 makes a slice of 13+ characters a view
 * into the sliced string: each block cut from a growing reply would keep that frame's whole text
 * alive, hundreds of megabytes for a long streamed reply (performance.md R3). Memoized
 * props keep the tail block of the frame before it settled, so the tail is copied too (it is short:
 * the cost is that of rendering it, which happens anyway).
 */
function detached(slice: string): string {
  return (' ' + slice).slice(1)
}

export type BlockSplitter = {
  split(text: string): string[]
  /** Counts the starts from scratch (the first text, then every edit): blocks of one generation grow. */
  readonly generation: number
}

/**
 * A splitter that remembers the last text: when the new text extends it (a stream growing), only the
 * last block is scanned again, and the settled blocks come back as the same strings. Any other change
 * (an edit) splits from scratch.
 */
export function createBlockSplitter(): BlockSplitter {
  let previous = ''
  let settled: string[] = []
  let tailStart = 0
  let generation = 0

  return {
    get generation() {
      return generation
    },
    split(text) {
      // Not `text.startsWith(previous)`: V8 compares that character by character, every frame, where a
      // slice compared with === is a memcmp (performance.md R2).
      if (previous === '' || text.length < previous.length || text.slice(0, previous.length) !== previous) {
        settled = []
        tailStart = 0
        generation++
      }
      previous = text
      if (text === '') return []
      let from = tailStart
      for (const cut of cutOffsets(text, tailStart)) {
        settled.push(detached(text.slice(from, cut)))
        from = cut
      }
      tailStart = from
      return [...settled, detached(text.slice(tailStart))]
    },
  }
}
