import { memo, useContext, useMemo, useState } from 'react'
import { MarkdownBlock } from './MarkdownBlock'
import { copyCodeFromClick } from './copy-code'
import { ScrollContainerContext } from './scroll-container-context'
import { createBlockSplitter } from './split-markdown-blocks'
import { VirtualBlocks } from './VirtualBlocks'
import './markdown.css'

/**
 * Past this many blocks, a view inside a scroll container renders only the blocks near its viewport.
 * Below it every block is rendered: a short reply costs few nodes, and a virtualizer per message would
 * cost more than it saves.
 */
const VIRTUALIZE_MIN_BLOCKS = 24

/**
 * Markdown of model output, incrementally: the text is split into blocks (the splitter keeps the
 * settled ones between calls) and only blocks whose text changed are rendered again, which while
 * streaming is the last one. A long text inside a transcript is virtualized block by block.
 */
export const MarkdownView = memo(function MarkdownView({
  text,
  streaming = false,
}: {
  text: string
  /**
   * The text is a reply still streaming: virtualized from the start, whatever its length. Crossing
   * the threshold mid-stream switched to virtual blocks by remounting and re-rendering every block in
   * one frame, once per pane per reply (performance.md R1 at 4×). Read at mount only.
   */
  streaming?: boolean
}): React.JSX.Element {
  const [splitter] = useState(createBlockSplitter)
  const [virtualFromStart] = useState(streaming)
  const blocks = useMemo(() => splitter.split(text), [splitter, text])
  const container = useContext(ScrollContainerContext)
  return (
    <div className="md" onClick={copyCodeFromClick}>
      {container !== null && (virtualFromStart || blocks.length >= VIRTUALIZE_MIN_BLOCKS) ? (
        // A new generation (an edit) starts over: sizes measured for the old blocks mean nothing.
        <VirtualBlocks key={splitter.generation} blocks={blocks} container={container} />
      ) : (
        blocks.map((block, index) => (
          // Index keys on purpose: a block's position is its identity while the text grows.
          <MarkdownBlock key={index} text={block} tail={index === blocks.length - 1} />
        ))
      )}
    </div>
  )
})
