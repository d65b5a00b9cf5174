/// <reference lib="webworker" />
/**
 * The markdown worker: renders the growing tail block of a streaming reply with the app's one
 * markdown renderer (same settings, same sanitizing rules: render-markdown-block.ts), so the main
 * thread only sets the HTML it gets back. See tail-render-protocol.ts.
 */
import { renderMarkdownBlock } from './render-markdown-block'
import { answerTailRender } from './tail-render-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<unknown>) => {
  const result = answerTailRender(event.data, renderMarkdownBlock)
  if (result !== undefined) scope.postMessage(result)
}
