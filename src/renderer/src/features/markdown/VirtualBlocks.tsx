import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState } from 'react'
import { estimateBlockHeight } from './estimate-block-height'
import { flowSpacers } from './flow-spacers'
import { MarkdownBlock } from './MarkdownBlock'
import {
  adjustScrollUnlessFollowing,
  sharedScrollVirtualizerOptions,
  type ScrollContainer,
} from './scroll-container-context'

/** Blocks rendered beyond each edge of the viewport, so a scroll shows text at once. */
const OVERSCAN_BLOCKS = 4
const DEFAULT_WIDTH_PX = 600

/**
 * The blocks of a long reply, virtualized against the transcript's scroll element: only the blocks near
 * the viewport are in the DOM, so a reply of 200,000 characters costs what a screenful costs (layout,
 * paint, DOM nodes: performance.md R1 and R3). The transcript virtualizes messages; this does the same
 * inside one message, which the transcript sees as one tall row.
 *
 * The virtualizer works in scroll-element coordinates: the list's offset inside the scrolled content
 * is its `scrollMargin` (rows above it are measured late and move it), subtracted for the spacers.
 */
export function VirtualBlocks({
  blocks,
  container,
}: {
  blocks: readonly string[]
  container: ScrollContainer
}): React.JSX.Element {
  const scrollElement = container.element
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const width = useRef(DEFAULT_WIDTH_PX)
  // Estimates by index, kept while the block's text is the same (the virtualizer asks again whenever
  // its measurements are rebuilt; scanning every long block again would cost a frame).
  const estimates = useRef<Array<{ text: string; height: number } | undefined>>([])
  const blocksRef = useRef(blocks)
  blocksRef.current = blocks

  // No React Compiler in this app; the virtualizer re-renders this component when its range changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: blocks.length,
    getScrollElement: () => scrollElement,
    estimateSize: (index) => {
      const text = blocksRef.current[index] ?? ''
      const cached = estimates.current[index]
      if (cached !== undefined && cached.text === text) return cached.height
      const height = estimateBlockHeight(text, width.current)
      estimates.current[index] = { text, height }
      return height
    },
    overscan: OVERSCAN_BLOCKS,
    // While the view follows the end, the blocks a frame appends are rendered in that frame: the range
    // is computed from the scroll position before the view scrolls to them, so they waited for the
    // next frame's scroll event, a second render (synchronous, in the event) for each commit.
    rangeExtractor: (range: Range) =>
      defaultRangeExtractor(container.followsEnd() ? { ...range, endIndex: range.count - 1 } : range),
    scrollMargin,
    ...sharedScrollVirtualizerOptions(() => scrollElement),
  })
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = adjustScrollUnlessFollowing(container.followsEnd)

  // Read where the list is when layout is fresh anyway (in a resize observer): reading it after each
  // render forced a layout per streamed frame. Scrolling does not move it within the content.
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const update = (): void => {
      width.current = list.clientWidth || width.current
      const offset =
        list.getBoundingClientRect().top - scrollElement.getBoundingClientRect().top + scrollElement.scrollTop
      setScrollMargin((current) => (Math.abs(current - offset) < 1 ? current : offset))
    }
    update()
    // Rows above measured late, a header that wraps: the scrolled content changes size when this moves.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
    observer?.observe(scrollElement.firstElementChild ?? list)
    return () => observer?.disconnect()
  }, [scrollElement])

  // The blocks in view flow between two spacers: the tail growing as it streams, or a block settling as
  // the next one starts, moves what follows in the same layout.
  return (
    <div ref={listRef} className="md-virtual" style={flowSpacers(virtualizer)}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="md-virtual-item"
        >
          <MarkdownBlock text={blocks[item.index] ?? ''} tail={item.index === blocks.length - 1} />
        </div>
      ))}
    </div>
  )
}
