import { renderMarkdownBlock } from './render-markdown-block'
import { createTailRenderClient, type TailRenderClient, type TailRenderResult } from './tail-render-protocol'

let client: TailRenderClient | null | undefined

/**
 * The page's one markdown worker and its client, started on first use; null where there are no
 * workers (tests in happy-dom), and then the blocks render on the main thread as before. A worker
 * that fails to load or crashes hands its waiting blocks back to the main thread for good.
 */
export function tailRenderClient(): TailRenderClient | null {
  if (client !== undefined) return client
  if (typeof Worker === 'undefined') {
    client = null
    return client
  }
  // Same-origin module script: allowed by the page's CSP (worker-src falls back to script-src 'self').
  const worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), {
    type: 'module',
    name: 'markdown',
  })
  const created = createTailRenderClient((request) => worker.postMessage(request), renderMarkdownBlock)
  worker.onmessage = (event: MessageEvent<TailRenderResult>) => created.receive(event.data)
  worker.onerror = () => {
    created.fail()
    worker.terminate()
  }
  client = created
  return client
}
