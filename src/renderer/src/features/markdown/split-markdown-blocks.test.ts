import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createBlockSplitter, splitMarkdownBlocks } from './split-markdown-blocks'

/** Lines that exercise the splitter: prose, blank lines, indented continuations, fences of both kinds. */
const lineArbitrary = fc.oneof(
  fc.constantFrom('', '   ', 'para', '- item', '  continued', '    indented code', '# Heading', '> quote'),
  fc.constantFrom('```', '```js', '````', '~~~', '~~~ python', '``` `not a fence`'),
  fc.string({ maxLength: 12 }).map((text) => text.replace(/\n/g, ' ')),
)
const markdownArbitrary = fc
  .tuple(fc.array(lineArbitrary, { maxLength: 40 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, eol, trailing]) => lines.join(eol) + (trailing ? eol : ''))

/** Whether a block leaves a code fence open (a fence that runs into the next block = a split fence). */
function leavesFenceOpen(block: string): boolean {
  let open: { char: string; length: number } | undefined
  for (const raw of block.split('\n')) {
    const line = raw.replace(/\r$/, '')
    const match = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line)
    if (!match) continue
    const marker = match[1] ?? ''
    const rest = match[2] ?? ''
    if (open) {
      if (marker[0] === open.char && marker.length >= open.length && rest.trim() === '') open = undefined
    } else if (!(marker[0] === '`' && rest.includes('`'))) {
      open = { char: marker[0] ?? '`', length: marker.length }
    }
  }
  return open !== undefined
}

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines and keeps the blank lines with the block before', () => {
    expect(splitMarkdownBlocks('one\n\ntwo\n\n\nthree')).toEqual(['one\n\n', 'two\n\n\n', 'three'])
  })

  it('never cuts inside a code fence, even across blank lines', () => {
    const text = 'before\n\n```js\nconst a = 1\n\n\nconst b = 2\n```\n\nafter'
    expect(splitMarkdownBlocks(text)).toEqual([
      'before\n\n',
      '```js\nconst a = 1\n\n\nconst b = 2\n```\n\n',
      'after',
    ])
  })

  it('keeps an indented continuation (list item paragraph) with its list', () => {
    expect(splitMarkdownBlocks('- a\n\n  more of a\n\nnext')).toEqual(['- a\n\n  more of a\n\n', 'next'])
  })

  it('property: the blocks concatenate to the text, and no fence is split', () => {
    fc.assert(
      fc.property(markdownArbitrary, (text) => {
        const blocks = splitMarkdownBlocks(text)
        expect(blocks.join('')).toBe(text)
        // Every block but the last closes the fences it opens; blocks are never empty.
        blocks.slice(0, -1).forEach((block) => expect(leavesFenceOpen(block)).toBe(false))
        blocks.forEach((block) => expect(block.length).toBeGreaterThan(0))
      }),
      { numRuns: 2000 },
    )
  })

  it('property: streaming the text in any pieces gives the same blocks as splitting it whole', () => {
    fc.assert(
      fc.property(markdownArbitrary, fc.array(fc.nat(), { maxLength: 8 }), (text, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b)
        const splitter = createBlockSplitter()
        for (const cut of cuts)
          expect(splitter.split(text.slice(0, cut))).toEqual(splitMarkdownBlocks(text.slice(0, cut)))
        expect(splitter.split(text)).toEqual(splitMarkdownBlocks(text))
      }),
      { numRuns: 1000 },
    )
  })

  it('returns the settled blocks as the same strings when the text grows, and starts over on an edit', () => {
    const splitter = createBlockSplitter()
    const first = splitter.split('one\n\ntwo')
    const grown = splitter.split('one\n\ntwo three\n\nfour')
    expect(grown).toEqual(['one\n\n', 'two three\n\n', 'four'])
    expect(grown[0]).toBe(first[0])
    expect(splitter.split('edited\n\nfour')).toEqual(['edited\n\n', 'four'])
    expect(splitter.split('')).toEqual([])
  })
})
