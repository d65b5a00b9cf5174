import type { Virtualizer } from '@tanstack/react-virtual'
import { describe, expect, it } from 'vitest'
import { flowSpacers } from './flow-spacers'

type Item = { start: number; end: number }

function virtualizerWith(items: Item[], total: number, scrollMargin = 0): Virtualizer<Element, Element> {
  return {
    getVirtualItems: () => items,
    getTotalSize: () => total,
    options: { scrollMargin },
  } as unknown as Virtualizer<Element, Element>
}

describe('flowSpacers', () => {
  it('pads above the first rendered item and below the last, so the list keeps its whole height', () => {
    const spacers = flowSpacers(
      virtualizerWith(
        [
          { start: 300, end: 340 },
          { start: 340, end: 400 },
        ],
        1000,
      ),
    )
    expect(spacers).toEqual({ paddingTop: 300, paddingBottom: 600 })
    expect(spacers.paddingTop + (400 - 300) + spacers.paddingBottom).toBe(1000)
  })

  it('measures from where the list starts in the scrolled content (its scroll margin)', () => {
    // A list 500 px down the content: its items' offsets count from the top of the content.
    expect(flowSpacers(virtualizerWith([{ start: 800, end: 900 }], 1000, 500))).toEqual({
      paddingTop: 300,
      paddingBottom: 600,
    })
  })

  it('stands in for the whole list when nothing is rendered yet, and never pads negatively', () => {
    expect(flowSpacers(virtualizerWith([], 1200))).toEqual({ paddingTop: 0, paddingBottom: 1200 })
    expect(flowSpacers(virtualizerWith([{ start: 0, end: 1300 }], 1200))).toEqual({
      paddingTop: 0,
      paddingBottom: 0,
    })
  })
})
