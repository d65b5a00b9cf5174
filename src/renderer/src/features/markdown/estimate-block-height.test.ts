import { describe, expect, it } from 'vitest'
import { estimateBlockHeight } from './estimate-block-height'

describe('estimateBlockHeight', () => {
  it('gives a one-line paragraph one line, and a longer one more lines in a narrower column', () => {
    const short = estimateBlockHeight('Hello there.', 600)
    expect(short).toBeGreaterThanOrEqual(16)
    expect(short).toBeLessThanOrEqual(30)
    const long = 'word '.repeat(400)
    expect(estimateBlockHeight(long, 300)).toBeGreaterThan(estimateBlockHeight(long, 900))
  })

  it('counts a code fence by its lines, whatever their length (fences scroll sideways)', () => {
    const fence = (lines: number, width: number): string =>
      '```ts\n' + Array.from({ length: lines }, () => 'x'.repeat(width)).join('\n') + '\n```\n\n'
    expect(estimateBlockHeight(fence(40, 10), 600)).toBe(estimateBlockHeight(fence(40, 500), 600))
    expect(estimateBlockHeight(fence(40, 10), 600)).toBeGreaterThan(estimateBlockHeight(fence(4, 10), 600))
  })

  it('counts wide (CJK) characters double, so a line of them wraps sooner', () => {
    expect(estimateBlockHeight('模'.repeat(200), 400)).toBeGreaterThan(
      estimateBlockHeight('m'.repeat(200), 400),
    )
  })

  it('gives every table row a row of height', () => {
    const table = (rows: number): string =>
      ['| a | b |', '| --- | --- |', ...Array.from({ length: rows }, () => '| 1 | 2 |')].join('\n')
    expect(estimateBlockHeight(table(20), 600) - estimateBlockHeight(table(10), 600)).toBe(250)
  })
})
