// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ThinkingBlock } from './ThinkingBlock'

afterEach(cleanup)

const paragraph = `${'Compare two ways of answering and keep the clearer one. '.repeat(6)}\n\n`

describe('ThinkingBlock', () => {
  it('shows the whole thinking while it streams, touching only its end as it grows', () => {
    const facts = { thinking: true }
    const first = paragraph.repeat(12)
    const { container, rerender } = render(<ThinkingBlock text={first} facts={facts} />)
    const body = container.querySelector('.msg-plain')
    expect(body?.textContent).toBe(first)
    const opening = body?.firstElementChild
    const openingText = opening?.textContent

    const grown = `${first}${paragraph.repeat(12)}Re-read the question`
    rerender(<ThinkingBlock text={grown} facts={facts} />)
    expect(body?.textContent).toBe(grown)
    // The same node with the same text: the browser has nothing to lay out again there.
    expect(body?.firstElementChild).toBe(opening)
    expect(body?.firstElementChild?.textContent).toBe(openingText)
    expect(body?.children.length).toBeGreaterThan(1)
  })
})
