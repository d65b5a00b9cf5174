/**
 * `npx tsx scripts/bench/tail-markdown-cost.ts`: how much main-thread time the markdown of the growing
 * tail block cost per frame before it moved to the worker (issue 15). bench:render's frame figures at
 * 4× throttle swing by more than this on the shared machine, so this isolates the one cost the worker
 * removes: the bench conversation's assistant replies (mixed markdown) are streamed through the
 * renderer's own block splitter in frames of `--chars` characters, and each frame's tail block is
 * rendered with the renderer's own markdown settings, as the main thread did. Node, 1×: under
 * Chromium's 4× throttle each figure is about four times as long. Bounded: at most 400 KB of text.
 * Prints the figures and writes artifacts/bench-tail-markdown.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { renderMarkdownBlock } from '@renderer/features/markdown/render-markdown-block'
import { createBlockSplitter } from '@renderer/features/markdown/split-markdown-blocks'
import { buildBenchConversation } from './conversation-fixture'
import { percentile, round } from './stats'

const MAX_TEXT_CHARS = 400_000

const { values } = parseArgs({ options: { chars: { type: 'string', default: '1200' } } })
// 3,000 tokens/s ≈ 12 KB/s per pane; at 4× throttle frames come every ~100 ms: ~1,200 characters.
const charsPerFrame = Number(values.chars)

const fixture = buildBenchConversation(200_000)
let text = ''
for (const pane of fixture.conversation.panes)
  for (const message of pane.messages)
    if (message.role === 'assistant' && text.length < MAX_TEXT_CHARS)
      text += message.content.map((part) => (part.type === 'text' ? part.text : '')).join('') + '\n\n'
text = text.slice(0, MAX_TEXT_CHARS)

const splitter = createBlockSplitter()
const perFrame: number[] = []
const tailChars: number[] = []
for (let end = charsPerFrame; end < text.length + charsPerFrame; end += charsPerFrame) {
  const blocks = splitter.split(text.slice(0, Math.min(end, text.length)))
  const tail = blocks[blocks.length - 1] ?? ''
  const started = performance.now()
  renderMarkdownBlock(tail)
  perFrame.push(performance.now() - started)
  tailChars.push(tail.length)
}
const result = {
  date: new Date().toISOString(),
  textChars: text.length,
  charsPerFrame,
  frames: perFrame.length,
  tailCharsP50: percentile(tailChars, 50),
  tailCharsP95: percentile(tailChars, 95),
  tailRenderMsP50: round(percentile(perFrame, 50), 3),
  tailRenderMsP95: round(percentile(perFrame, 95), 3),
  tailRenderMsMax: round(Math.max(...perFrame), 3),
  tailRenderMsTotal: round(
    perFrame.reduce((a, b) => a + b, 0),
    1,
  ),
}
console.log(result)
mkdirSync(new URL('../../artifacts/', import.meta.url), { recursive: true })
writeFileSync(
  new URL('../../artifacts/bench-tail-markdown.json', import.meta.url),
  JSON.stringify(result, null, 2) + '\n',
)
