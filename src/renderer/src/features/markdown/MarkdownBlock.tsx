import { memo, startTransition, useEffect, useMemo, useState } from 'react'
import { isPathologicalBlock, renderMarkdownBlock } from './render-markdown-block'
import type { RenderedBlock } from './tail-render-protocol'
import { tailRenderClient } from './tail-render-worker'

let nextBlockId = 1

/**
 * One block, rendered once per distinct text: `memo` skips settled blocks when the tail grows, so a
 * long reply costs the same per frame as a short one (performance.md R2).
 *
 * `tail` (the last block of its view, the one a stream grows): after its first render, its new texts
 * are rendered by the markdown worker and the block shows the newest HTML it got back, so the frames
 * of a stream do not wait on the markdown parser (R1 and R4 at 4× CPU throttle). The HTML may be a
 * frame behind the text; a block that stops being the tail renders its final text here if the worker
 * has not answered for it yet.
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  tail = false,
}: {
  text: string
  tail?: boolean
}): React.JSX.Element {
  const pathological = useMemo(() => isPathologicalBlock(text), [text])
  if (pathological) return <pre className="md-block md-plain">{text}</pre>
  return <HtmlBlock text={text} offThread={tail} />
})

function HtmlBlock({ text, offThread }: { text: string; offThread: boolean }): React.JSX.Element {
  const [id] = useState(() => nextBlockId++)
  // What the block shows: its first text is rendered here, so it never appears empty.
  const [shown, setShown] = useState<RenderedBlock>(() => ({ text, html: renderMarkdownBlock(text) }))
  const client = offThread ? tailRenderClient() : null
  const current = shown.text === text || client !== null ? shown : undefined
  const html = useMemo(() => current?.html ?? renderMarkdownBlock(text), [current, text])

  useEffect(() => {
    if (client === null || shown.text === text) return
    // A transition: React may interrupt applying the worker's HTML for a keypress.
    client.render(id, text, (block) => startTransition(() => setShown(block)))
  }, [client, id, text, shown.text])
  useEffect(() => {
    if (client === null) return
    return () => client.forget(id)
  }, [client, id])

  return <div className="md-block" dangerouslySetInnerHTML={{ __html: html }} />
}
