// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MarkdownView } from './MarkdownView'
import { answerTailRender, type TailRenderRequest } from './tail-render-protocol'

// happy-dom has no Worker: a stand-in answers on a later task, as a real one does, and marks its HTML
// so the test can tell what the page shows came from it. It holds answers until the test releases them.
const requests: TailRenderRequest[] = []
let release: () => void = () => undefined

class FakeWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null
  onerror: (() => void) | null = null
  postMessage(request: TailRenderRequest): void {
    requests.push(request)
  }
  terminate(): void {}
  constructor() {
    release = () => {
      for (const request of requests.splice(0)) {
        const result = answerTailRender(request, (text) => `<p data-worker="">${text}</p>`)
        this.onmessage?.({ data: result })
      }
    }
  }
}

beforeAll(() => {
  ;(globalThis as { Worker?: unknown }).Worker = FakeWorker
})
afterEach(cleanup)

const blocksOf = (container: HTMLElement): Element[] => [...container.querySelectorAll('.md-block')]

describe('the growing tail block, rendered by the markdown worker', () => {
  it('renders its first text at once, then shows the HTML the worker returns for its new text', async () => {
    const { container, rerender } = render(<MarkdownView text="Hello" />)
    expect(blocksOf(container)[0]?.innerHTML).toBe('<p>Hello</p>\n')

    rerender(<MarkdownView text="Hello world" />)
    // Until the worker answers, the block keeps its last HTML: the frame did not parse markdown.
    expect(blocksOf(container)[0]?.textContent).toBe('Hello\n')
    expect(requests.map((r) => r.text)).toEqual(['Hello world'])

    act(() => release())
    await waitFor(() => expect(blocksOf(container)[0]?.innerHTML).toBe('<p data-worker="">Hello world</p>'))
  })

  it('renders a block that stopped being the tail on the main thread if the worker had not answered', async () => {
    const { container, rerender } = render(<MarkdownView text="First" />)
    rerender(<MarkdownView text={'First paragraph'} />)
    rerender(<MarkdownView text={'First paragraph\n\nSecond'} />)
    const [first, second] = blocksOf(container)
    expect(first?.innerHTML).toBe('<p>First paragraph</p>\n')
    expect(second?.innerHTML).toBe('<p>Second</p>\n')

    // The late answer for the settled block changes nothing.
    act(() => release())
    await Promise.resolve()
    expect(blocksOf(container)[0]?.innerHTML).toBe('<p>First paragraph</p>\n')
  })
})
