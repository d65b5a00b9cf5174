// Correctness of what the page SHOWS, without needing the whole reply in the DOM at once (blocks and
// rows are virtualized): the streamed reply is split into blocks exactly as the renderer splits it, each
// block is rendered with the renderer's own markdown settings, and the page is scrolled through the
// reply, comparing every block element it shows with the expected one by its index. Every index must
// be seen, and each must match: a lost, doubled, stale or reordered piece of text fails the check.
import { isPathologicalBlock, renderMarkdownBlock } from '@renderer/features/markdown/render-markdown-block'
import { splitMarkdownBlocks } from '@renderer/features/markdown/split-markdown-blocks'

export type ExpectedBlock = { plain: boolean; html: string; text: string }

export function expectedBlocks(text: string): ExpectedBlock[] {
  return splitMarkdownBlocks(text).map((block) =>
    isPathologicalBlock(block)
      ? { plain: true, html: '', text: block }
      : { plain: false, html: renderMarkdownBlock(block), text: '' },
  )
}

export type BlockCheck = {
  expected: number
  seen: number
  missingCount: number
  mismatchedCount: number
  /** The first few, for the report. */
  missing: number[]
  mismatched: Array<{ index: number; expected: string; actual: string }>
  /** The most block elements of the reply in the DOM at one time while scrolling through it. */
  maxBlocksInDom: number
  /** Distance from the end of the transcript when the check began (sticks to the bottom: ~0). */
  distanceFromBottomPx: number
}

type El = {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  innerHTML: string
  textContent: string | null
  classList: { contains(name: string): boolean }
  getAttribute(name: string): string | null
  getBoundingClientRect(): { top: number; bottom: number; height: number }
  querySelector(selector: string): El | null
  querySelectorAll(selector: string): ArrayLike<El>
  closest(selector: string): El | null
  dispatchEvent(event: unknown): boolean
}
type CheckGlobals = {
  document: { querySelector(selector: string): El | null; createElement(tag: string): El }
  requestAnimationFrame(callback: () => void): number
  WheelEvent: new (type: string, init: object) => unknown
}

/** Runs IN THE PAGE (serialized by playwright): scrolls pane `paneIndex` through its last reply. */
export async function checkRenderedBlocks(args: {
  paneIndex: number
  expected: ExpectedBlock[]
}): Promise<BlockCheck> {
  const page = globalThis as unknown as CheckGlobals
  const frame = (): Promise<void> => new Promise((resolve) => page.requestAnimationFrame(() => resolve()))
  const pane = page.document.querySelector(`[aria-label="Pane ${args.paneIndex}"]`)
  const scroller = pane?.querySelector('.transcript-scroll')
  if (!pane || !scroller) throw new Error(`pane ${args.paneIndex} not found`)
  const distanceFromBottomPx = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
  const normalizer = page.document.createElement('template')
  const normalize = (html: string): string => {
    normalizer.innerHTML = html
    return normalizer.innerHTML
  }
  const seen = new Map<number, { plain: boolean; html: string; text: string }>()
  let maxBlocksInDom = 0
  const collect = (): void => {
    const replies = pane.querySelectorAll('article[aria-label="Assistant reply"]')
    const reply = replies[replies.length - 1]
    if (!reply) return
    const blocks = reply.querySelectorAll('.md-block')
    maxBlocksInDom = Math.max(maxBlocksInDom, blocks.length)
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]
      if (!block) continue
      // A virtualized block sits in an item that carries its index; otherwise all are there, in order.
      const item = block.closest('.md-virtual-item')
      const index = Number(item?.getAttribute('data-index') ?? i)
      seen.set(index, {
        plain: block.classList.contains('md-plain'),
        html: block.innerHTML,
        text: block.textContent ?? '',
      })
    }
  }
  // A wheel first, as a user scrolls: the transcript lets go of the bottom only for a user's scroll.
  const scrollTo = async (top: number): Promise<void> => {
    scroller.dispatchEvent(new page.WheelEvent('wheel', { bubbles: true, deltaY: -1 }))
    scroller.scrollTop = top
    await frame()
    await frame()
  }
  const replyTop = (): number => {
    const replies = pane.querySelectorAll('article[aria-label="Assistant reply"]')
    const reply = replies[replies.length - 1]
    const row = reply?.closest('.transcript-row') ?? reply
    if (!row) throw new Error('no reply to check')
    return row.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
  }
  collect()
  let top = replyTop()
  await scrollTo(top)
  // Bounded: a reply of 200k characters is a few hundred screens at most.
  for (let step = 0; step < 5_000; step++) {
    collect()
    const end = scroller.scrollHeight - scroller.clientHeight
    if (scroller.scrollTop >= end - 1) break
    top = Math.min(end, scroller.scrollTop + Math.max(50, scroller.clientHeight * 0.6))
    await scrollTo(top)
  }
  collect()

  const missing: number[] = []
  const mismatched: BlockCheck['mismatched'] = []
  args.expected.forEach((expected, index) => {
    const actual = seen.get(index)
    if (!actual) {
      missing.push(index)
      return
    }
    const same = expected.plain
      ? actual.plain && actual.text === expected.text
      : !actual.plain && actual.html === normalize(expected.html)
    if (!same) {
      mismatched.push({
        index,
        expected: (expected.plain ? expected.text : normalize(expected.html)).slice(0, 300),
        actual: (expected.plain ? actual.text : actual.html).slice(0, 300),
      })
    }
  })
  for (const index of seen.keys()) {
    if (index >= args.expected.length) mismatched.push({ index, expected: '(none)', actual: 'extra block' })
  }
  return {
    expected: args.expected.length,
    seen: seen.size,
    missingCount: missing.length,
    mismatchedCount: mismatched.length,
    missing: missing.slice(0, 20),
    mismatched: mismatched.slice(0, 5),
    maxBlocksInDom,
    distanceFromBottomPx,
  }
}
