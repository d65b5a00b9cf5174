// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MarkdownView } from './MarkdownView'
import { ScrollContainerContext, type ScrollContainer } from './scroll-container-context'
import type * as RenderModule from './render-markdown-block'

// Count how often each block text goes through the markdown parser.
const parsed = vi.hoisted(() => new Map<string, number>())
vi.mock('./render-markdown-block', async (importOriginal) => {
  const original = await importOriginal<typeof RenderModule>()
  return {
    ...original,
    renderMarkdownBlock: (text: string) => {
      parsed.set(text, (parsed.get(text) ?? 0) + 1)
      return original.renderMarkdownBlock(text)
    },
  }
})

afterEach(() => {
  cleanup()
  parsed.clear()
})

const HOSTILE_INPUTS = [
  '<script>window.__pwned = 1</script>',
  'Hello <img src=x onerror="window.__pwned = 1"> there',
  '<svg onload="window.__pwned = 1"><circle r="5"/></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<style>body { display: none }</style>',
  '<object data="x"></object><embed src="x">',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox(1))',
  '[file](file:///etc/passwd)',
  '<a href="javascript:alert(1)">raw anchor</a>',
  '![pixel](https://tracker.example/p.png)',
  '![x](javascript:alert(1))',
  '<javascript:alert(1)>',
  '```html\n<script>alert(1)</script>\n```',
  '<div onclick="alert(1)">div</div>',
]

function liveDangerousNodes(root: HTMLElement): string[] {
  const found: string[] = []
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase()
    if (
      ['script', 'img', 'svg', 'iframe', 'style', 'object', 'embed', 'link', 'meta', 'form'].includes(tag)
    ) {
      found.push(tag)
    }
    for (const attribute of element.getAttributeNames()) {
      if (attribute.startsWith('on')) found.push(`${tag}[${attribute}]`)
      if (attribute === 'style') found.push(`${tag}[style]`)
    }
    if (tag === 'a') {
      const href = element.getAttribute('href') ?? ''
      if (!/^(https?:|mailto:)/i.test(href)) found.push(`a[href=${href}]`)
    }
  }
  return found
}

describe('MarkdownView safety', () => {
  it.each(HOSTILE_INPUTS)('renders %j without live HTML, scripts or unsafe links', (input) => {
    const { container } = render(<MarkdownView text={input} />)
    expect(liveDangerousNodes(container)).toEqual([])
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('shows raw HTML as text the user can read', () => {
    const { container } = render(<MarkdownView text={'<script>alert(1)</script> and <b>bold?</b>'} />)
    expect(container.textContent).toContain('<script>alert(1)</script>')
    expect(container.querySelector('b')).toBeNull()
  })

  it('keeps unsafe links as plain text, not anchors', () => {
    const { container } = render(<MarkdownView text={'[click](javascript:alert(1))'} />)
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toContain('[click](javascript:alert(1))')
  })

  it('opens safe links in a new window without opener or referrer, and linkifies bare URLs', () => {
    const { container } = render(
      <MarkdownView text={'[docs](https://example.com/a) see https://example.org and <mail@example.com>'} />,
    )
    const links = [...container.querySelectorAll('a')]
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'https://example.org',
      'mailto:mail@example.com',
    ])
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
  })

  it('turns markdown images into links with their alt text instead of loading them', () => {
    const { container } = render(<MarkdownView text={'![a cat](https://img.example/cat.png)'} />)
    expect(container.querySelector('img')).toBeNull()
    const link = container.querySelector('a')
    expect(link?.getAttribute('href')).toBe('https://img.example/cat.png')
    expect(link?.textContent).toBe('[image: a cat]')
  })

  it('shows code fences with a language label, a copy button, and escaped code', () => {
    const { container } = render(<MarkdownView text={'```ts\nconst a = "<b>"\n```'} />)
    expect(container.querySelector('.md-code-lang')?.textContent).toBe('ts')
    expect(container.querySelector('button')?.textContent).toBe('Copy')
    expect(container.querySelector('code')?.textContent).toBe('const a = "<b>"\n')
    expect(container.querySelector('b')).toBeNull()
  })

  it('copies the code of a fence when its copy button is clicked', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { container } = render(<MarkdownView text={'```sh\necho hi\n```'} />)
    container.querySelector('button')?.click()
    expect(writeText).toHaveBeenCalledWith('echo hi\n')
    await vi.waitFor(() => expect(container.querySelector('button')?.textContent).toBe('Copied'))
  })

  it('falls back to plain text for a pathological block (a line of 6,000 characters)', () => {
    const line = 'x'.repeat(6_000)
    const { container } = render(<MarkdownView text={`# Title\n\n**${line}**`} />)
    const plain = container.querySelector('pre.md-plain')
    expect(plain?.textContent).toBe(`**${line}**`)
    expect(container.querySelector('h1')?.textContent).toBe('Title')
  })

  it('falls back to plain text for a block over 20,000 characters', () => {
    const big = Array.from({ length: 3_000 }, (_, i) => `word${i} `).join('\n')
    const { container } = render(<MarkdownView text={big} />)
    expect(container.querySelector('pre.md-plain')?.textContent).toBe(big)
  })
})

describe('MarkdownView incrementality', () => {
  it('renders a settled block once while the tail grows, keeping its element', () => {
    const settled = '# Settled\n\nA paragraph with **bold** text.\n\n'
    const { container, rerender } = render(<MarkdownView text={settled + 'T'} />)
    const heading = container.querySelector('h1')
    const paragraph = container.querySelector('p')
    let tail = 'T'
    for (let i = 0; i < 50; i++) {
      tail += ` token${i}`
      rerender(<MarkdownView text={settled + tail} />)
    }
    expect(parsed.get('# Settled\n\n')).toBe(1)
    expect(parsed.get('A paragraph with **bold** text.\n\n')).toBe(1)
    expect(container.querySelector('h1')).toBe(heading)
    expect(container.querySelector('p')).toBe(paragraph)
    // The tail shows the latest text.
    expect(container.textContent).toContain('token49')
  })

  it('parses each growth of the tail once, not the whole text', () => {
    const { rerender } = render(<MarkdownView text={'a\n\nb'} />)
    rerender(<MarkdownView text={'a\n\nbc'} />)
    rerender(<MarkdownView text={'a\n\nbcd'} />)
    expect([...parsed.entries()]).toEqual([
      ['a\n\n', 1],
      ['b', 1],
      ['bc', 1],
      ['bcd', 1],
    ])
  })

  it('keeps a streaming reply in a transcript virtualized from its first block: no switch (a remount of every block) as it grows', () => {
    // A viewport with a size (happy-dom lays nothing out).
    const element = document.createElement('div')
    Object.defineProperty(element, 'clientHeight', { value: 800 })
    Object.defineProperty(element, 'clientWidth', { value: 600 })
    const container: ScrollContainer = { element, followsEnd: () => false }
    // Each text extends the one before, as a stream does.
    const blocks = (n: number): string =>
      Array.from({ length: n }, (_, i) => `Paragraph ${i} of the reply.`).join('\n\n')
    const view = (n: number): React.JSX.Element => (
      <ScrollContainerContext value={container}>
        <MarkdownView text={blocks(n)} streaming />
      </ScrollContainerContext>
    )
    const { container: root, rerender } = render(view(1))
    const list = root.querySelector('.md-virtual')
    expect(list).not.toBeNull()
    for (let n = 2; n <= 40; n++) rerender(view(n))
    expect(root.querySelector('.md-virtual')).toBe(list)
  })
})
