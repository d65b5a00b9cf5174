import { memo, useMemo } from 'react'
import { isPathologicalBlock, renderMarkdownBlock } from './render-markdown-block'

/**
 * One block, rendered once per distinct text: `memo` skips settled blocks when the tail grows, so a
 * long reply costs the same per frame as a short one (performance.md R2).
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }): React.JSX.Element {
  const pathological = useMemo(() => isPathologicalBlock(text), [text])
  const html = useMemo(() => (pathological ? '' : renderMarkdownBlock(text)), [pathological, text])
  if (pathological) return <pre className="md-block md-plain">{text}</pre>
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: html }} />
})
