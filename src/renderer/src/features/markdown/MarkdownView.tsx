import { memo, useMemo, useState } from 'react'
import { MarkdownBlock } from './MarkdownBlock'
import { copyCodeFromClick } from './copy-code'
import { createBlockSplitter } from './split-markdown-blocks'
import './markdown.css'

/**
 * Markdown of model output, incrementally: the text is split into blocks (the splitter keeps the
 * settled ones between calls) and only blocks whose text changed are rendered again, which while
 * streaming is the last one.
 */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }): React.JSX.Element {
  const [splitter] = useState(createBlockSplitter)
  const blocks = useMemo(() => splitter.split(text), [splitter, text])
  return (
    <div className="md" onClick={copyCodeFromClick}>
      {blocks.map((block, index) => (
        // Index keys on purpose: a block's position is its identity while the text grows.
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  )
})
